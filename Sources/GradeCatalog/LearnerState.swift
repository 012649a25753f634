import Foundation

/// What the grader keeps that is the learner's own: backups of their files, the hints they
/// have seen, the lesson they work on.
///
/// In `.grade/` at the workbook's root, beside `.build/`: cleaning the build, which holds
/// only what can be made again (`StateFolder`), loses none of it. Git ignores it.
public struct LearnerState: Sendable, Equatable {
  /// The folder, `.grade` in the workbook.
  public var root: URL

  /// The learner state of the workbook at `workbook`.
  public init(workbook: URL) {
    root = workbook.appending(path: Self.folderName)
  }

  /// The folder's name in the workbook.
  public static let folderName = ".grade"

  /// Where `grade reset` and `grade solve` keep the files they replace, one folder per time,
  /// as a path from the workbook's root: `.grade/backups/20261124-101500`.
  public func backup(at date: Date) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return "\(Self.folderName)/backups/\(formatter.string(from: date))"
  }

  /// Which hints the learner has seen (`HintStore`).
  public var hints: URL { root.appending(path: "hints.json") }

  /// The lesson the learner last worked on (`CurrentLesson`).
  public var currentLesson: URL { root.appending(path: "current-lesson.json") }

  /// The task the last grading's screen pointed at (`ShownTask`).
  public var shownTask: URL { root.appending(path: "shown-task.json") }
}
