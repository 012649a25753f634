/// What a task may ask a named test to be, beyond passing.
public enum TestShape: String, Sendable, Equatable, Codable {
  /// It records a known issue (`withKnownIssue`) and no other.
  case knownIssue
  /// It is skipped (`.disabled`).
  case disabled
  /// It links its bug (`.bug`).
  case bug

  /// What the test should do, completing "<test> should …": a check's name and its feedback both say it.
  public var wants: String {
    switch self {
    case .knownIssue: "record its known issue inside withKnownIssue, and no other issue"
    case .disabled: "be disabled with .disabled(\"why\"), so it is skipped"
    case .bug: "link its bug with .bug(…)"
    }
  }
}
