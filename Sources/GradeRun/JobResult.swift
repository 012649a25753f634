import GradeEvents


/// What a set of tests did across one or more runs of a program.
public struct JobResult: Sendable, Equatable, Codable {
  /// Each test's last known outcome.
  public var tests: [TestOutcome]
  /// Tests that crashed the process, by ID, each with its own run's crash.
  public var crashes: [String: Crash]
  /// How the runs ended.
  public var ending: RunEnding
  /// The tests still running when a run was stopped.
  public var hung: [TestOutcome]
  /// Issues recorded outside any test.
  public var unattributedIssues: [IssueReport]
  /// The last whole lines the last run printed, at most `Crash.outputLimit` characters, as printed.
  public var outputTail: String
  /// ThreadSanitizer's reports, each trimmed to its warning, the two accesses and its summary.
  public var sanitizerReports: [String] = []
  /// How long the run took, in seconds of wall time; 0 for a result the job cache kept, which
  /// does not store it.
  public var seconds: Double = 0

  /// Creates a result.
  public init(
    tests: [TestOutcome] = [], crashes: [String: Crash] = [:], ending: RunEnding = .finished, hung: [TestOutcome] = [],
    unattributedIssues: [IssueReport] = [], outputTail: String = "", sanitizerReports: [String] = []
  ) {
    self.tests = tests
    self.crashes = crashes
    self.ending = ending
    self.hung = hung
    self.unattributedIssues = unattributedIssues
    self.outputTail = outputTail
    self.sanitizerReports = sanitizerReports
  }

  /// The stand-in for a job with no result (never planned, or never run): a run the grader could
  /// not make, which decides nothing, so a missing result never reads as a pass or a catch.
  package static func missing(_ id: JobID) -> JobResult {
    JobResult(ending: .infrastructure("the grader has no result of the run \(id)"))
  }

  /// What became of one test of a run. The one place that reads a test's events
  /// (`TestOutcome.status`), the crashes named (`crashes`) and the tests a limit stopped (`hung`)
  /// together.
  public enum Fate: Sendable, Equatable {
    /// It ended with no issues, or only known ones.
    case passed
    /// It ended with an issue that is not known.
    case failed
    /// The process died under it.
    case crashed(Crash)
    /// A trait skipped it; the comment says why.
    case skipped(String?)
    /// It was running when the time limit or endless output stopped the run.
    case hung
    /// It never ended for another reason: a crash elsewhere took the process down first.
    case cutShort

    /// Whether the test told its code apart from what it expects: it failed or crashed.
    public var isFailure: Bool {
      switch self {
      case .failed, .crashed: true
      default: false
      }
    }
  }

  /// What became of `test` in this run.
  public func fate(of test: TestOutcome) -> Fate {
    if let crash = crashes[test.id] { return .crashed(crash) }
    switch test.status {
    case .passed: return .passed
    case .failed: return .failed
    case .skipped(let comment): return .skipped(comment)
    case .interrupted, .notRun: return hung.contains { $0.id == test.id } ? .hung : .cutShort
    }
  }

  /// Of `runs` runs of the tests repeated in one process, how many failed; `nil` when the job
  /// ended with no verdict (`RunEnding.decides`). A crash or a race fails every run it reaches;
  /// otherwise a run failed when some test recorded an issue in it. The one rule for the soak
  /// of `grade check` and for `grade mutants`.
  package func failedRuns(of runs: Int) -> Int? {
    if !crashes.isEmpty || !sanitizerReports.isEmpty { return runs }
    guard ending.decides else { return nil }
    return Set(tests.flatMap(\.failedIterations)).count
  }

  private enum CodingKeys: String, CodingKey {
    case tests, crashes, ending, hung, unattributedIssues, outputTail, sanitizerReports
  }
}
