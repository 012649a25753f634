/// How one task fared.
public struct TaskResult: Sendable, Equatable, Codable {
  /// Passed, failed, or could not be graded.
  public enum Status: String, Sendable, Equatable, Codable {
    /// Every check of the task passed.
    case pass
    /// Some check failed; the findings say which.
    case fail
    /// The task could not be graded: a compile error, a missing file, a broken tool.
    case error
  }

  /// The task's number in its lesson.
  public var taskNumber: Int
  /// Passed, failed, or could not be graded.
  public var status: Status
  /// What the grader learned, most important first.
  public var findings: [Finding]
  /// One entry per check, for machine-readable results.
  public var checks: [CheckEntry]

  /// Creates a result.
  public init(taskNumber: Int, status: Status, findings: [Finding], checks: [CheckEntry] = []) {
    self.taskNumber = taskNumber
    self.status = status
    self.findings = findings
    self.checks = checks
  }
}

/// One named check, the unit of Exercism's `tests` array.
public struct CheckEntry: Sendable, Equatable, Codable {
  /// What was checked, such as a test's display name or "catches: treats 100 as out of range".
  public var name: String
  /// The check's status.
  public var status: TaskResult.Status
  /// Why it failed, when it did.
  public var message: String?
  /// What the tests printed, at most 500 characters.
  public var output: String?

  /// Creates a check entry.
  public init(name: String, status: TaskResult.Status, message: String? = nil, output: String? = nil) {
    self.name = name
    self.status = status
    self.message = message
    self.output = output.map { String($0.prefix(500)) }
  }
}
