import GradeResults

extension TestShape {
  /// What the test should do, completing "<test> should …": a check's name and its feedback both say it.
  var wants: String {
    switch self {
    case .knownIssue: "record its known issue inside withKnownIssue, and no other issue"
    case .disabled: "be skipped by a trait: .disabled(\"why\"), or .enabled(if: condition, \"why\") with a condition that does not hold"
    case .bug: "link its bug with .bug(…)"
    }
  }
}
