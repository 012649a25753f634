import Foundation
import GradeCatalog

/// `grade check [LESSON ...]`: proves the lessons keep their promises, as CI does.
struct CheckCommand: GradeCommand {
  /// How usage shows `grade check`, and the options it takes.
  static let usage = CommandUsage(
    name: "check", arguments: "[LESSON ...]",
    summary: "prove every solution passes, every starter fails, every chaff and kept mutant is caught in every run, every snippet compiles",
    audience: .maintainers, options: ["--runs"] + CommandUsage.grading)

  /// The lessons to check, as named on the command line; none for every lesson.
  var names: [String]
  /// How to grade, and how many runs of the reference tests (`--runs`).
  var options: Commands.Options

  /// Takes any lessons.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> CheckCommand {
    CheckCommand(names: words, options: parsed.options)
  }

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
