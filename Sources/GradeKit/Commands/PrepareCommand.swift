import Foundation
import GradeCatalog

/// `grade prepare [LESSON ...]`: every variant of the lessons named built ahead of their first grade.
struct PrepareCommand: GradeCommand {
  /// The lessons to prepare, as named on the command line; none for every lesson.
  var names: [String]

  /// Prepares the lessons, or says another preparation is at it.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let lessons = try app.resolve(names, in: workbook)
    let prepared = Preparation(workbook: workbook, grader: app.grader(workbook, Command.Options())).run(lessons, progress: app.writeError)
    app.write(prepared ? "Prepared \(lessons.count == 1 ? "lesson \(lessons[0].number)" : "\(lessons.count) lessons"): each first grade is now as fast as the next."
      : "Another grade prepare is running in this workbook; it prepares the lessons ahead.")
    return App.Exit.passed
  }
}
