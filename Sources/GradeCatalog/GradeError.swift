/// A failure that stops the grader before it can grade, with the exit code it maps to.
public enum GradeError: Error, Equatable, Sendable {
  /// The command line or a name on it was wrong; the message says how to fix it.
  case usage(String)
  /// Something around the lessons failed: a missing file, a tool that would not start.
  case infrastructure(String)

  /// What the learner reads.
  public var message: String {
    switch self {
    case .usage(let text), .infrastructure(let text): text
    }
  }
}
