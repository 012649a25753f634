/// What a task may ask a named test to be, beyond passing.
public enum TestShape: String, Sendable, Equatable, Codable {
  /// It records a known issue (`withKnownIssue`) and no other.
  case knownIssue
  /// It is skipped (`.disabled`, or `.enabled(if:)` with a condition that does not hold).
  case disabled
  /// It links its bug (`.bug`).
  case bug

  /// What the test should do, completing "<test> should …": a check's name and its feedback both say it.
  public var wants: String {
    switch self {
    case .knownIssue: "record its known issue inside withKnownIssue, and no other issue"
    case .disabled: "be skipped by a trait: .disabled(\"why\"), or .enabled(if: condition, \"why\") with a condition that does not hold"
    case .bug: "link its bug with .bug(…)"
    }
  }
}
