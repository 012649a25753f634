import Foundation
import GradeBuild
import GradeCatalog
import GradeResults

/// A lesson's last grading of the learner's files, and whether it still describes them.
///
/// A result is stored when a grading ends; a file of the lesson saved after that (an edit,
/// `grade reset`, `grade solve`) makes the result history: its marks and its "4/5" are then
/// no longer what the files would get, and nothing shows them as current or counts the
/// lesson as done on their word.
struct LastGrading {
  /// What the grading found.
  var result: LessonResult
  /// Whether a file the learner owns in the lesson changed after the grading was stored.
  var isStale: Bool

  /// The last grading of `lesson` in `workbook`, or `nil` when it was never graded.
  static func of(_ lesson: Lesson, in workbook: Workbook) -> LastGrading? {
    let url = workbook.state.result("learner", of: lesson)
    guard let result = ResultCache.latest(in: url) else { return nil }
    let stored = modified(url) ?? .distantFuture
    let folder = workbook.starterFolder(of: lesson)
    let isStale = lesson.ownedFiles.contains { file in (modified(folder.appending(path: file)) ?? .distantPast) > stored }
    return LastGrading(result: result, isStale: isStale)
  }

  /// Whether `lesson` is done: its last grading passed, and its files have not changed since.
  static func isDone(_ lesson: Lesson, in workbook: Workbook) -> Bool {
    of(lesson, in: workbook).map { $0.result.passed && !$0.isStale } ?? false
  }

  /// When the file at `url` was last modified, or `nil` when it cannot be read.
  private static func modified(_ url: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }
}
