import GradeCatalog
import GradeResults

/// What became of one task of one learner, as every class report says it: the gradebook, the
/// details, the HTML page, the table and the progress line all take it from here, so they
/// cannot disagree.
///
/// Three kinds of not-passed are kept apart: a task that was not handed in, one that could not
/// be graded (its code does not compile, crashed, hung, printed without end, or was refused,
/// or grading itself failed), and one that was graded and failed.
enum TaskStanding: Equatable, Sendable {
  /// Every check of the task passed.
  case passed
  /// The task was graded and some check failed; `neverStarted` when its files are still the starter's.
  case failed(neverStarted: Bool)
  /// The task could not be graded; the reason in a few words, such as "compile error".
  case notGraded(reason: String)
  /// The lesson's folder was not in the learner's folder.
  case notHandedIn

  /// The standing of task `number` in `entry`, the learner's result for its lesson (`nil` when
  /// the lesson is not in the record).
  static func of(task number: Int, in entry: LearnerRecord.LessonEntry?) -> TaskStanding {
    guard let entry, !entry.wasNotHandedIn else { return .notHandedIn }
    if entry.result.lessonError != nil { return .notGraded(reason: "grading error") }
    guard let task = entry.result.tasks.first(where: { $0.taskNumber == number }) else { return .notGraded(reason: "not graded") }
    if task.status == .pass { return .passed }
    // A task never started failed, whatever its starter did when run (a stub that stops with
    // fatalError crashes); only a hand-in refused whole, such as a link, was not graded.
    let neverStarted = entry.untouched?.contains(number) == true || task.findings.contains(.notStarted)
    let refusedWhole = task.findings.contains { if case .unavailable = $0 { true } else { false } }
    if neverStarted && !refusedWhole { return .failed(neverStarted: true) }
    if let reason = task.findings.lazy.compactMap(notGradedReason).first { return .notGraded(reason: reason) }
    if task.status == .error { return .notGraded(reason: "grading error") }
    return .failed(neverStarted: false)
  }

  /// Why `finding` means its task could not be graded, in a few words, or `nil` when it is a
  /// verdict on the learner's work.
  static func notGradedReason(_ finding: Finding) -> String? {
    switch finding {
    case .compileErrors: "compile error"
    case .waitsFor: "another task's files do not compile"
    case .timedOut: "hang (time limit)"
    case .testCrashed, .crashesOnWheat, .abnormalExit, .runFailed: "crash"
    case .outputFlood: "endless output"
    case .refused: "refused"
    case .unreadable, .rejectedFile: "refused file"
    case .unavailable(let why): why.words
    case .infrastructure, .noCanonicalTests, .voidRun: "grading error"
    default: nil
    }
  }

  /// How reports name the standing: `passed`, `failed`, `could not be graded`, `not handed in`.
  var word: String {
    switch self {
    case .passed: "passed"
    case .failed: "failed"
    case .notGraded: "could not be graded"
    case .notHandedIn: "not handed in"
    }
  }

  /// What goes beside the word: the reason a task could not be graded, or "never started".
  var reason: String {
    switch self {
    case .notGraded(let reason): reason
    case .failed(neverStarted: true): "never started"
    default: ""
    }
  }

  /// The mark the HTML page's grid shows, and its CSS class.
  var mark: (symbol: String, kind: String) {
    switch self {
    case .passed: ("✔", "pass")
    case .failed(let neverStarted): ("✘", neverStarted ? "fail untouched" : "fail")
    case .notGraded: ("!", "error")
    case .notHandedIn: ("–", "missing")
    }
  }

  /// The legend of the grid's marks, in the order of `mark`.
  static let legend = "✔ passed · ✘ failed (grey: never started, files as handed out) · ! could not be graded (compile error, crash, hang, refusal; hover for why) · – not handed in"

  /// Whether the standing is `notGraded`.
  var isNotGraded: Bool { if case .notGraded = self { true } else { false } }
}
