/// What a set of tests did across one or more runs of the test binary.
public struct JobResult: Sendable, Equatable, Codable {
  /// Each test's last known outcome.
  public var tests: [TestOutcome]
  /// Tests that crashed the process, by ID, with the fatal error it printed.
  public var crashes: [String: String]
  /// Whether the time limit stopped the run.
  public var timedOut: Bool
  /// Whether the run was stopped because the tests printed without end.
  public var flooded: Bool = false
  /// The tests still running when the run was stopped.
  public var hung: [TestOutcome]
  /// Issues recorded outside any test.
  public var unattributedIssues: [IssueReport]
  /// The end of what the binary printed, at most 500 characters.
  public var outputTail: String
  /// Set when the tests could not be run at all.
  public var infrastructureError: String?
  /// Set when the binary stopped before any test ran (a library that would not load,
  /// an exit during test discovery); it never counts as catching a chaff.
  public var startFailure: String?
  /// Set when every test ended and the process then exited abnormally
  /// (ThreadSanitizer's status 66, a crash at exit).
  public var abnormalExit: String?
  /// ThreadSanitizer's reports, each trimmed to its warning, the two accesses and its summary.
  public var sanitizerReports: [String] = []
  /// Why the run's own report cannot be trusted: a test that never reported an
  /// end, one that ended twice, one nobody announced. Such a run is void.
  public var problems: [String] = []

  /// Creates a result.
  public init(
    tests: [TestOutcome] = [], crashes: [String: String] = [:], timedOut: Bool = false, flooded: Bool = false,
    hung: [TestOutcome] = [], unattributedIssues: [IssueReport] = [], outputTail: String = "",
    infrastructureError: String? = nil, startFailure: String? = nil, abnormalExit: String? = nil, problems: [String] = []
  ) {
    self.startFailure = startFailure
    self.abnormalExit = abnormalExit
    self.problems = problems
    self.tests = tests
    self.crashes = crashes
    self.timedOut = timedOut
    self.flooded = flooded
    self.hung = hung
    self.unattributedIssues = unattributedIssues
    self.outputTail = outputTail
    self.infrastructureError = infrastructureError
  }

  /// The tests that ran and failed, crashed included.
  public var failedTests: [TestOutcome] {
    tests.filter { $0.status == .failed || crashes[$0.id] != nil }
  }
}
