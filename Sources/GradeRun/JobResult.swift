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
  /// The time limit each of its runs had, in seconds: what a finding of a run the limit
  /// stopped says. 0 for a job that never ran.
  public var timeLimit = 0
  /// How long the run took, in seconds of wall time; 0 for a result the job cache kept, which
  /// does not store it.
  public var seconds: Double = 0
  /// The CPU its runs used, in seconds, user and system; 0 for a kept result, likewise.
  public var cpuSeconds: Double = 0

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
    JobResult(ending: .infrastructure(.noResult(run: "\(id)")))
  }

  private enum CodingKeys: String, CodingKey {
    case tests, crashes, ending, hung, unattributedIssues, outputTail, sanitizerReports, timeLimit
  }
}
