import GradeEvents

/// One named check of a task, the unit every report is made of: what was checked, and
/// what it found. It passed when it found nothing.
///
/// A check is Exercism's `tests` entry, a JUnit test case's failure and a line
/// of the learner's feedback at once: each report words the same findings
/// (`Finding.words(in:)`), so no two reports can disagree about a task.
public struct Check: Sendable, Equatable, Codable {
  /// What was checked, such as a test's display name or "catches a bug: treats 100 as out of range".
  public var name: String
  /// What the check found wrong; none when it passed.
  public var findings: [Finding]
  /// The last whole lines the tests printed, at most `Crash.outputLimit` characters, as printed,
  /// when it helps to see them.
  public var output: String?

  /// The start of the name of the check that a buggy version is caught; the rest names its misconception.
  public static let chaffPrefix = "catches a bug: "
  /// The start of the name of the check that a kept mutant is killed; the rest names the change.
  public static let mutantPrefix = "kills a mutant: your tests fail when "

  /// Creates a check; `output` is cut to its last whole lines within `Crash.outputLimit`
  /// characters, and left out when empty.
  public init(_ name: String, findings: [Finding] = [], output: String? = nil) {
    self.name = name
    self.findings = findings
    self.output = output.flatMap { $0.isEmpty ? nil : Crash.tail(of: $0) }
  }

  /// Passed when it found nothing; an error when a finding says it could not be graded.
  public var status: TaskResult.Status { Self.status(of: findings) }

  /// The status a list of findings gives: the one rule for pass, fail and error.
  package static func status(of findings: [Finding]) -> TaskResult.Status {
    .of(findings.map { $0.isGradingError ? .error : .fail })
  }

  private enum CodingKeys: String, CodingKey {
    case name, findings, output
  }
}
