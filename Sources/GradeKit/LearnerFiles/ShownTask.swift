import Foundation
import GradeBuild
import GradeCatalog
import GradeResults

/// The task the last grading's screen pointed at: the first unfinished task of the first
/// failing lesson it showed, the one whose hint closes the screen.
///
/// `grade hint` follows it, so the hint it shows is about the task the learner just read
/// about, not about one `grade hint` chose on its own. One small JSON file in the learner's
/// state; a file of another version is read as nothing shown.
public struct ShownTask: Sendable {
  /// Where the record is kept (`LearnerState.shownTask`).
  public var url: URL

  /// What the screen pointed at, and when.
  public struct Pointer: Sendable, Equatable {
    /// The lesson's slug.
    public var slug: String
    /// The task's number, from 1.
    public var task: Int
    /// When the screen was shown.
    public var date: Date
  }

  /// The file's format.
  private struct Record: Codable {
    var slug: String
    var task: Int
    var date: Date

    private enum CodingKeys: String, CodingKey {
      case slug, task, date
    }
  }


  /// Creates a record at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// The first task of `lesson` that `result` does not pass, or `nil` when every task passes
  /// or the lesson could not be graded.
  public static func firstUnfinished(of lesson: Lesson, in result: LessonResult) -> LessonTask? {
    guard result.lessonError == nil else { return nil }
    return lesson.tasks.first { task in result.tasks.first { $0.taskNumber == task.number }?.status != .pass }
  }

  /// Remembers that a screen showed `result` of `lesson`, pointing at its first unfinished
  /// task; a lesson that passes, or could not be graded, points at nothing and changes nothing.
  public func record(_ lesson: Lesson, _ result: LessonResult, at date: Date = Date()) {
    guard let task = Self.firstUnfinished(of: lesson, in: result) else { return }
    try? StoredFile.write(Record(slug: lesson.slug, task: task.number, date: date), to: url)
  }

  /// What the last screen pointed at, if any screen did.
  public func last() -> Pointer? {
    guard let record = StoredFile<Record>.read(url) else { return nil }
    return Pointer(slug: record.slug, task: record.task, date: record.date)
  }
}
