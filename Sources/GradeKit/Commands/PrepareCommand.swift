import Foundation
import GradeCatalog
import GradeResults

/// `grade prepare [LESSON ...]`: every variant of the lessons named built ahead of their first grade.
struct PrepareCommand: GradeCommand {
  /// How usage shows `grade prepare`, and the options it takes.
  static let usage = CommandUsage(
    name: "prepare", arguments: "[LESSON ...]",
    summary: "build the lessons named (all by default) now, so each one's first grade is as fast as the next; grade does this for the next lessons in the background, at the lowest priority",
    audience: .presenters, options: [])

  /// The lessons to prepare, as named on the command line; none for every lesson.
  var names: [String]

  /// Takes any lessons.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> PrepareCommand {
    PrepareCommand(names: words)
  }

  /// Prepares the lessons, or says another preparation is at it.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let lessons = try app.resolve(names, in: workbook)
    let prepared = Preparation(workbook: workbook, grader: app.grader(workbook, Commands.Options())).run(lessons, progress: app.writeError)
    app.write(prepared ? "Prepared \(lessons.count == 1 ? "lesson \(lessons[0].number)" : Count.words(lessons.count, "lesson")): each first grade is now as fast as the next."
      : "Another grade prepare is running in this workbook; it prepares the lessons ahead.")
    return App.Exit.passed
  }
}
