import Foundation
import GradeBuild
import GradeCatalog

/// Which lesson the learner is in: the one whose files they edited last, or the one they
/// last asked for by name, whichever came later; the first lesson before either.
///
/// `grade` and `grade watch` with no lesson named work on it, so a learner who starts
/// in the middle of the book is never shown lesson 1 unasked.
public struct CurrentLesson: Sendable {
  /// The workbook.
  public var workbook: Workbook
  /// What the starters hash to, which tells an edited lesson from an untouched one.
  public var starters: StarterFingerprints

  /// The file's format.
  private struct Record: Codable {
    var slug: String
    var date: Date

    private enum CodingKeys: String, CodingKey {
      case slug, date
    }
  }


  /// Creates a finder for `workbook`.
  public init(workbook: Workbook, starters: StarterFingerprints) {
    self.workbook = workbook
    self.starters = starters
  }

  /// The lesson the learner is in, and why, in words that complete "Lesson N, …".
  public func find() -> (lesson: Lesson, why: String)? {
    guard let first = workbook.catalog.lessons.first else { return nil }
    let edited = lastEdited()
    let named = lastNamed()
    switch (edited, named) {
    case (let edited?, let named?) where named.date > edited.date:
      return (named.lesson, "the one you last asked for")
    case (let edited?, _):
      return (edited.lesson, "the one whose files you changed last")
    case (nil, let named?):
      return (named.lesson, "the one you last asked for")
    case (nil, nil):
      return (first, "the first")
    }
  }

  /// When the learner last edited a lesson's files or asked for a lesson by name, whichever
  /// came later: what `find()` rests on, so a later grading's screen can take precedence.
  public func lastMove() -> Date? {
    [lastEdited()?.date, lastNamed()?.date].compactMap { $0 }.max()
  }

  /// The lesson the learner is in, or, once it is done, the next one after it that is not:
  /// what `grade` shows with no lesson named. `isDone` says whether a lesson is done.
  public func focus(isDone: (Lesson) -> Bool) -> (lesson: Lesson, why: String)? {
    guard let (lesson, why) = find() else { return nil }
    return Self.movingOn(from: (lesson, why), in: workbook, isDone: isDone)
  }

  /// `start`, or, when it is done, the next lesson after it that is not done, and why.
  static func movingOn(from start: (lesson: Lesson, why: String), in workbook: Workbook, isDone: (Lesson) -> Bool) -> (lesson: Lesson, why: String) {
    guard isDone(start.lesson),
      let next = workbook.catalog.lessons.first(where: { $0.number > start.lesson.number && !isDone($0) })
    else { return start }
    return (next, "the next one after lesson \(start.lesson.number), which is done")
  }

  /// Remembers that the learner asked for `lesson` by name.
  public func remember(_ lesson: Lesson, at date: Date = Date()) {
    try? StoredFile.write(Record(slug: lesson.slug, date: date), to: workbook.learnerState.currentLesson)
  }

  /// The lesson the learner last asked for by name.
  private func lastNamed() -> (lesson: Lesson, date: Date)? {
    guard let record = StoredFile<Record>.read(workbook.learnerState.currentLesson),
      let lesson = workbook.catalog.lessons.first(where: { $0.slug == record.slug })
    else { return nil }
    return (lesson, record.date)
  }

  /// The lesson whose owned files changed last, among those no longer as handed out.
  private func lastEdited() -> (lesson: Lesson, date: Date)? {
    var newest: (lesson: Lesson, date: Date)?
    for lesson in workbook.catalog.lessons where !starters.isUntouched(lesson, in: workbook) {
      let folder = workbook.starterFolder(of: lesson)
      for file in lesson.ownedFiles {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: folder.appending(path: file).path))?[.modificationDate] as? Date
        else { continue }
        if newest.map({ date > $0.date }) ?? true { newest = (lesson, date) }
      }
    }
    return newest
  }
}
