import GradeCatalog

/// How one lesson fared: a result per task.
public struct LessonResult: Sendable, Equatable, Codable {
  /// The lesson's number.
  public var lessonNumber: Int
  /// A result for every task, in order.
  public var tasks: [TaskResult]
  /// Set when nothing in the lesson could be graded, with the reason.
  public var lessonError: String?
  /// Whether the result was reused because nothing changed since the last grading.
  public var fromCache: Bool
  /// Wall-clock seconds spent.
  public var seconds: Double
  /// Canonical files the learner edited, graded as handed out instead.
  public var ignoredEdits: [String] = []
  /// Every canonical test the run saw, by ID; `grade check` uses it to find tests that belong to no task.
  public var canonicalTestIDs: [String]
  /// Set when the lesson was not graded because every file the learner owns is its starter,
  /// which fails every task (`StarterFingerprints`).
  public var notStarted: Bool = false

  /// Creates a result.
  public init(
    lessonNumber: Int, tasks: [TaskResult], lessonError: String? = nil, fromCache: Bool = false,
    seconds: Double = 0, canonicalTestIDs: [String] = []
  ) {
    self.lessonNumber = lessonNumber
    self.tasks = tasks
    self.lessonError = lessonError
    self.fromCache = fromCache
    self.seconds = seconds
    self.canonicalTestIDs = canonicalTestIDs
  }

  /// The result of a lesson whose files are all starters, known without grading: no task done.
  public static func notStarted(_ lesson: Lesson) -> LessonResult {
    var result = LessonResult(
      lessonNumber: lesson.number, tasks: lesson.tasks.map { .one($0.number, check: .started, [.notStarted]) })
    result.notStarted = true
    return result
  }

  /// How many tasks passed.
  public var passedCount: Int { tasks.filter { $0.status == .pass }.count }

  /// Whether every task passed.
  public var passed: Bool { lessonError == nil && passedCount == tasks.count }

  /// `pass`, `fail` or `error` for the lesson as a whole, as Exercism's results.json has it.
  /// The rule is `TaskResult.Status.of(_:)`'s: a task that could not be graded makes the lesson
  /// an error, whatever the others did, since its result is unknown.
  public var status: TaskResult.Status { lessonError != nil ? .error : .of(tasks.map(\.status)) }

  private enum CodingKeys: String, CodingKey {
    case lessonNumber, tasks, lessonError, fromCache, seconds, ignoredEdits, canonicalTestIDs, notStarted
  }
}
