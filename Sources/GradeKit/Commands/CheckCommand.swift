import Foundation
import GradeCatalog

/// `grade check [LESSON ...]`: proves the lessons keep their promises, as CI does.
struct CheckCommand: GradeCommand {
  /// The lessons to check, as named on the command line; none for every lesson.
  var names: [String]
  /// How to grade, and how many runs of the reference tests (`--runs`).
  var options: Command.Options

  /// Checks the lessons and prints what breaks a promise.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    var checker = Checker(workbook: workbook, grader: app.grader(workbook, options), progress: app.writeError)
    checker.runs = options.runs
    let breaches = checker.run(lessons: try app.resolve(names, in: workbook))
    app.write(checker.report(breaches))
    return breaches.isEmpty ? App.Exit.passed : App.Exit.failed
  }
}
