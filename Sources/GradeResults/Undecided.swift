import GradeEvents

/// Why a run against a chaff or a mutant said nothing about it.
public enum Undecided: Sendable, Equatable, Codable {
  /// These tests were still running at the time limit: they wait for something the buggy code never does.
  case hung(tests: [String], seconds: Int)
  /// The tests printed without end and were stopped.
  case flooded
  /// The tests did not start.
  case didNotStart(Crash)
  /// The run's own report does not add up, so none of it counts.
  case void([StreamProblem])
  /// The grader could not run them.
  case infrastructure(GradingProblem)
}
