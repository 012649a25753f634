/// What a task may ask a named test to be, beyond passing.
public enum TestShape: String, Sendable, Equatable, Codable {
  /// It records a known issue (`withKnownIssue`) and no other.
  case knownIssue
  /// It is skipped (`.disabled`, or `.enabled(if:)` with a condition that does not hold).
  case disabled
  /// It links its bug (`.bug`).
  case bug
}
