
/// How one task fared: its checks, and how many bugs the learner's tests caught.
public struct TaskResult: Sendable, Equatable, Codable {
  /// How many failing tests of an implement task a result names and its feedback shows: one
  /// failing test fails the task whatever the rest do, and a grading names each crash with a
  /// run of its own, so it stops at this many.
  public static let failuresNamed = 3

  /// Passed, failed, or could not be graded.
  public enum Status: String, Sendable, Equatable, Codable {
    /// Every check of the task passed.
    case pass
    /// Some check failed; its findings say why.
    case fail
    /// The task could not be graded: a missing file, a broken tool, a run that did not add up.
    case error

    /// The status of several results together: an error if any is one, since its result is
    /// unknown whatever the others did; else a failure if any is one; else a pass. The one rule
    /// for a task's checks, a lesson's tasks, results.json's lessons and the exit status.
    public static func of(_ statuses: some Sequence<Status>) -> Status {
      var failed = false
      for status in statuses {
        if status == .error { return .error }
        failed = failed || status == .fail
      }
      return failed ? .fail : .pass
    }
  }

  /// How many of a write-tests task's bugs the learner's tests caught.
  public struct BugCount: Sendable, Equatable, Codable {
    /// Bugs caught.
    public var caught: Int
    /// Bugs in all.
    public var total: Int

    /// Creates a count.
    package init(caught: Int, total: Int) {
      self.caught = caught
      self.total = total
    }

    private enum CodingKeys: String, CodingKey {
      case caught, total
    }
  }

  /// The task's number in its lesson.
  public var taskNumber: Int
  /// Every check the task was put through, in the order feedback shows them.
  public var checks: [Check]
  /// For a write-tests task whose tests pass on correct code: the bugs they caught.
  public var bugsCaught: BugCount?
  /// For a write-tests task with kept mutants, whose tests pass on correct code: the mutants they killed.
  public var mutantsKilled: BugCount?
  /// The checks this machine's grading cannot make (`RunnerHooks`), which a grading where
  /// they run makes; none when every check was made. Feedback says so, so a pass here is not
  /// taken for a pass there.
  public var notCheckedHere: [Check.Kind]?

  /// Creates a result.
  public init(taskNumber: Int, checks: [Check], bugsCaught: BugCount? = nil, mutantsKilled: BugCount? = nil) {
    self.taskNumber = taskNumber
    self.checks = checks
    self.bugsCaught = bugsCaught
    self.mutantsKilled = mutantsKilled
  }

  /// A result with one check, of the kind `check`, that found `findings`.
  package static func one(_ taskNumber: Int, check: Check.Kind, _ findings: [Finding]) -> TaskResult {
    TaskResult(taskNumber: taskNumber, checks: [Check(check, findings: findings)])
  }

  /// What the checks found, in order.
  public var findings: [Finding] { checks.flatMap(\.findings) }

  /// Passed when every check passed; an error when any could not be graded. A task with no
  /// checks at all was not graded.
  public var status: Status {
    checks.isEmpty ? .error : Check.status(of: findings)
  }

  private enum CodingKeys: String, CodingKey {
    case taskNumber, checks, bugsCaught, mutantsKilled, notCheckedHere
  }
}
