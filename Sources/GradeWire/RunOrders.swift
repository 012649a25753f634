/// What the grader tells one graded run, on descriptor 4, before any code under test loads.
///
/// The grader encodes it and the runner (`GradeRunner`) decodes it: this one file is
/// compiled into both, so the two sides cannot disagree on a field.
public struct RunOrders: Codable, Equatable, Sendable {
  /// The run's secret, 32 hexadecimal digits: the key that seals every record (`RecordSeal`).
  public var key: String
  /// Regular expressions of the test IDs to run; all when `nil`.
  public var filters: [String]?
  /// Whether tests run in parallel.
  public var parallel: Bool
  /// How many times the tests run in one process.
  public var repetitions: Int
  /// Whether a test that waits for real time to pass records an issue (`"waitsForEvents"`).
  public var waitsForEvents: Bool
  /// Whether the code under test's events come late: its executor jobs (the Swift runtime's) run only while no executor job of the
  /// tests is queued or running (`LateEvents.c`), so a test that waits for time sees none of them.
  public var lateEvents: Bool
  /// Whether the run confines itself (`Confinement.c`): Landlock to `allowed` and seccomp. The
  /// Linux box always does; the portable and Darwin boxes (`BoxKind`) have neither.
  public var confined: Bool
  /// Every path the run may use, and how: anything not listed is refused (`Confinement.c`).
  public var allowed: [AllowedPath]
  /// The mutant a program built from a mutant schema runs (`ActiveMutant.c`); 0, the code as written.
  public var mutant: Int64

  /// Creates orders.
  public init(
    key: String, filters: [String]?, parallel: Bool, repetitions: Int, waitsForEvents: Bool, allowed: [AllowedPath],
    mutant: Int64 = 0, lateEvents: Bool = false, confined: Bool = true
  ) {
    self.confined = confined
    self.lateEvents = lateEvents
    self.key = key
    self.filters = filters
    self.parallel = parallel
    self.repetitions = repetitions
    self.waitsForEvents = waitsForEvents
    self.allowed = allowed
    self.mutant = mutant
  }

  /// A path the run may use, and how.
  public struct AllowedPath: Codable, Equatable, Sendable {
    /// The file or folder.
    public var path: String
    /// What the run may do there.
    public var use: Use

    /// Creates an allowed path.
    public init(_ path: String, _ use: Use) {
      self.path = path
      self.use = use
    }
  }

  /// What a run may do with a path; the raw values are `Confinement.c`'s.
  public enum Use: Int32, Codable, Sendable {
    /// Read the files below a folder and list it: the system's libraries, the toolchain.
    case readTree = 0
    /// Read one file: a library beside the program.
    case readFile = 1
    /// Start one file as a program: the program itself, for exit tests. The kernel must read
    /// it to start it, so its execute-only mode is what keeps a test from reading it: the
    /// run's user is never root (`Isolation.dropPrivileges`).
    case executeFile = 2
    /// Read, write, make and remove below a folder: the run's scratch folder.
    case writeTree = 3
    /// Read and write one file, such as `/dev/null`.
    case writeFile = 4
  }
}
