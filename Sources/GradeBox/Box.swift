import Foundation
import GradeCatalog
import GradeEvents
import GradeProcesses
import GradeWire

/// Runs one graded program as untrusted code: limits in, a report out that the program cannot write.
///
/// In the spirit of ioi/isolate. On Linux, where the kernel lets an
/// unprivileged user make namespaces, each run gets its own: no network, a
/// PID namespace whose every process dies with the run (`setsid` children
/// included), and a file system that shows only the system's folders and the
/// toolchain, read-only, with a fresh `/tmp` and a fresh `/box/work`, both
/// size-capped and gone with the run, as the only places it can write. The
/// program and its libraries always sit at the same paths under `/box/bin`,
/// and the environment is always the same, so nothing a test can observe says
/// which variant of the code it runs against.
///
/// The program is a copy made for the run: execute-only, so a test cannot read
/// its bytes, and padded at its end by a random length, so not even its size
/// is the same twice. Its orders (`RunOrders`) go in on descriptor 4 with a key made
/// for the run and the paths it may use (`RunAllowance`); its report comes back on
/// descriptor 3, and only records sealed with that key, numbered in order, count.
///
/// Without namespaces, and in the portable and Darwin boxes (`BoxKind`), runs still get the
/// limits, a minimal environment, their own folder and process group, and `isolation.notice`
/// says what is off.
public struct Box: Sendable {
  /// The program's name inside the box, `/box/bin/tests`, whatever it was built as: a
  /// sanitizer's report names its frames' module by it.
  package static let programName = "tests"

  /// The limits on every run.
  public var limits: BoxLimits
  /// What this machine lets the box do.
  public var isolation: Isolation
  /// Starts the processes.
  public var spawner: Spawner
  /// Where run folders are made and removed again.
  public var scratchParent: URL
  /// Whether the programs are built for ThreadSanitizer.
  public var threadSanitizer: Bool

  /// Creates a box.
  public init(limits: BoxLimits, isolation: Isolation, spawner: Spawner, scratchParent: URL, threadSanitizer: Bool = false) {
    self.limits = limits
    self.isolation = isolation
    self.spawner = spawner
    self.scratchParent = scratchParent
    self.threadSanitizer = threadSanitizer
  }

  /// What one run should do: which tests, how, and for how long.
  public struct Request: Sendable, Equatable {
    /// Regular expressions of the test IDs to run; all when `nil`.
    public var filters: [String]?
    /// Whether the tests run in parallel.
    public var parallel = true
    /// How many times the tests run in one process.
    public var repetitions = 1
    /// A time limit shorter than the box's, for this run alone.
    public var seconds: Int?
    /// Whether a test that waits for real time to pass records an issue.
    public var waitsForEvents = false
    /// The mutant a program built from a mutant schema runs; 0 for the code as written.
    public var mutant = 0
    /// Whether the code under test's events come late (`RunOrders.lateEvents`).
    public var lateEvents = false

    /// Creates a request.
    public init(
      filters: [String]? = nil, parallel: Bool = true, repetitions: Int = 1, seconds: Int? = nil, waitsForEvents: Bool = false, mutant: Int = 0,
      lateEvents: Bool = false
    ) {
      self.lateEvents = lateEvents
      self.filters = filters
      self.parallel = parallel
      self.repetitions = repetitions
      self.seconds = seconds
      self.waitsForEvents = waitsForEvents
      self.mutant = mutant
    }
  }

  /// What a run did, as the box saw it.
  public struct Report: Sendable {
    /// How the process ended and what it printed.
    public var outcome: ProcessOutcome
    /// The event records the entry point wrote, each on a line, framing removed.
    public var events: Data
    /// Why some of what came on descriptor 3 cannot be the entry point's: such a run is void.
    public var streamProblems: [StreamProblem]
  }

  /// Runs `program` with `libraries` beside it, and returns how it ended, what it printed,
  /// and the event records its entry point wrote; stopped early once `cancellation` is set.
  public func run(_ program: URL, libraries: [URL], request: Request, cancellation: Cancellation? = nil) throws(GradeError) -> Report {
    let seconds = limits.seconds(asked: request.seconds)
    let run = scratchParent.appending(path: UUID().uuidString)
    let manager = FileManager.default
    let key = Self.key()
    do {
      try manager.createDirectory(at: run.appending(path: "root"), withIntermediateDirectories: true)
      try manager.createDirectory(at: run.appending(path: "bin"), withIntermediateDirectories: true)
      // Only the Linux box hides the program. The others cannot keep a test from reading its own
      // process, so they copy the program as built: nothing here shows that macOS starts a Mach-O
      // that is execute-only, or longer than its signature covers.
      if isolation.box == .linux {
        try Self.copyExecuteOnly(program, to: run.appending(path: "bin/\(Box.programName)"))
      } else {
        try Self.copyAsBuilt(program, to: run.appending(path: "bin/\(Box.programName)"))
      }
    } catch {
      throw .infrastructure("cannot make a run folder in \(scratchParent.path): \(error.localizedDescription)")
    }
    defer { RunFolders.remove(run) }

    guard let launcher = isolation.launcher else { throw .infrastructure("no run can start: \(isolation.reason ?? "the box has no launcher")") }
    var environment = BoxEnvironment.words
    if threadSanitizer {
      // ThreadSanitizer sleeps a second before every exit by default (atexit_sleep_ms), to catch
      // races with threads still running then; a test run has ended its tests by that point. A run
      // cannot read its own program, so it does not name its frames: the grader does (SanitizerReport).
      environment.append("TSAN_OPTIONS=atexit_sleep_ms=0:symbolize=0")
    }
    let copied = run.appending(path: "bin/\(Box.programName)")
    // ThreadSanitizer reserves terabytes of address space, so its runs go without an address-space limit.
    var command = [launcher] + (isolation.dropPrivileges ? Launcher.nobody : [])
      + Launcher.limits(limits, cpuSeconds: Self.cpuSeconds(wall: seconds), addressSpace: !threadSanitizer && isolation.box.capsAddressSpace)
    if isolation.namespaces {
      let root = run.appending(path: "root")
      let fileSystem = BoxRoot(
        toolchain: isolation.toolchain, program: copied, libraries: libraries, scratchBytes: limits.scratchBytes)
      command += Launcher.environment(environment) + fileSystem.arguments(root: root)
        + ["--workdir", "/box/work", "--processes", "\(limits.processes)", "--", "/box/bin/\(Box.programName)"]
    } else {
      // The libraries are copied beside the program, never linked, so a test cannot change the
      // built copy; the run starts in its scratch folder, which its user (nobody, when the
      // grader is root) may write.
      let work = run.appending(path: "work")
      do {
        for library in libraries { try manager.copyItem(at: library, to: run.appending(path: "bin/\(library.lastPathComponent)")) }
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        if isolation.dropPrivileges { try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: work.path) }
      } catch {
        throw .infrastructure("cannot make a run folder in \(run.path): \(error.localizedDescription)")
      }
      let besideProgram = libraries.map { run.appending(path: "bin/\($0.lastPathComponent)").path }
      command += Launcher.environment(environment + Self.ownTemporaryFolder(work)) + ["--"]
        + (try Self.starting(copied.path, libraries: besideProgram, work: work.path, in: isolation))
    }
    let inBox = isolation.namespaces
    let allowed = RunAllowance.paths(
      toolchain: isolation.toolchain,
      program: inBox ? "/box/bin/\(Box.programName)" : copied.path,
      libraries: libraries.map { inBox ? "/box/bin/\($0.lastPathComponent)" : run.appending(path: "bin/\($0.lastPathComponent)").path },
      work: inBox ? "/box/work" : run.appending(path: "work").path, ownTemporaryFolder: inBox, threadSanitizer: threadSanitizer)
    let orders = RunOrders(
      key: key, filters: request.filters, parallel: request.parallel, repetitions: request.repetitions,
      waitsForEvents: request.waitsForEvents, allowed: isolation.confinement ? allowed : [], mutant: Int64(request.mutant),
      lateEvents: request.lateEvents, confined: isolation.confinement)
    let outcome = try spawner.run(
      command, in: inBox ? nil : run.appending(path: "work"), environment: .exactly(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]),
      until: .now + .seconds(seconds), capturingEvents: true, configuration: (try? JSONEncoder().encode(orders)) ?? Data(),
      cancellation: cancellation)
    let frames = EventFrames(stream: outcome.events ?? Data(), key: key)
    return Report(outcome: outcome, events: frames.records, streamProblems: frames.problems)
  }

  /// The words after the launcher's `--` that start the run's `program`, with `libraries`
  /// beside it and `work` its scratch folder: the program itself, or in the Darwin box
  /// `sandbox-exec` with the run's Seatbelt profile first, which then becomes the program.
  static func starting(_ program: String, libraries: [String], work: String, in isolation: Isolation) throws(GradeError) -> [String] {
    guard isolation.box == .darwin else { return [program] }
    // Seatbelt matches the paths the kernel resolved, so the profile names them resolved.
    let profile = SeatbeltProfile(
      toolchain: RealPath.of(isolation.toolchain), program: RealPath.of(program), libraries: libraries.map(RealPath.of),
      work: RealPath.of(work))
    do {
      return [isolation.sandboxExec, "-p", try profile.text(), program]
    } catch {
      throw .infrastructure("the run's Seatbelt profile cannot name \(error.path): \(error.reason)")
    }
  }

  /// Where a run without namespaces keeps temporary files: `/tmp` is shared there, and not its to write.
  static func ownTemporaryFolder(_ work: URL) -> [String] { ["TMPDIR=\(work.path)", "HOME=\(work.path)"] }

  /// The CPU-time limit of a run whose wall-clock limit is `wall` seconds on `cores` cores: more than
  /// its threads can use in that time, so the wall clock always stops a hang first and it is named as
  /// one. A CPU limit reached first killed the test binary, PID 1 of the box, and the process that
  /// started the box (util-linux's `unshare` 2.38 then) exited with status 1 ("sigprocmask unblock
  /// failed"), so a test spinning on two threads was reported as a crash ("the process exited with
  /// status 1"), and its task's variants, no longer held back by a hung correct version, each ran
  /// to the limit again.
  static func cpuSeconds(wall: Int, cores: Int = SideBySide.cores) -> Int {
    wall * max(1, cores) + 5
  }

  /// A new secret for one run: 128 random bits in hexadecimal, the key of `RecordSeal`.
  static func key() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ -> String in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Copies `program` to `destination`, execute-only, with a random number of bytes after its end.
  ///
  /// Nothing loads the bytes after an ELF file's last section, so the program runs as it was
  /// built, while its file's size says nothing of which program it is.
  static func copyExecuteOnly(_ program: URL, to destination: URL) throws {
    guard Spawner.copyProgram(program, to: destination, appending: padding(), mode: 0o111) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
    }
  }

  /// Fewer than 4,096 random bytes, as many as chance says, drawn eight at a time: a byte at a
  /// time, a run's copy took 1 ms more.
  static func padding() -> Data {
    var generator = SystemRandomNumberGenerator()
    let count = Int.random(in: 0..<4096, using: &generator)
    var bytes = Data(capacity: count + 8)
    while bytes.count < count {
      withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
    }
    return bytes.prefix(count)
  }

  /// Copies `program` to `destination` byte for byte, readable and executable: the portable and Darwin boxes' copy.
  static func copyAsBuilt(_ program: URL, to destination: URL) throws {
    guard Spawner.copyProgram(program, to: destination, mode: 0o555) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
    }
  }
}
