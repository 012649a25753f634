import Foundation
import GradeCatalog
import GradeResults

/// `grade reveal LESSON`: the solution, compared with your own code, once a lesson is done.
struct RevealCommand: GradeCommand {
  /// How usage shows `grade reveal`, and the options it takes.
  static let usage = CommandUsage(
    name: "reveal", arguments: "LESSON", summary: "once the lesson passes: the solution, as a diff against your files",
    audience: .learners, options: CommandUsage.grading)

  /// The lesson, as named on the command line.
  var name: String
  /// How to grade the lesson first.
  var options: Commands.Options

  /// Takes exactly one lesson.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> RevealCommand {
    guard words.count == 1 else { throw .usage("say which lesson: swift run grade reveal 1") }
    return RevealCommand(name: words[0], options: parsed.options)
  }

  /// Grades the lesson (from the cache when nothing changed) and, if every task passes,
  /// prints the diff from each of your files to the solution's.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    guard let lesson = try app.resolve([name], in: workbook).first else { return App.Exit.error }
    let solution = workbook.solutionFolder(of: lesson)
    guard FileManager.default.fileExists(atPath: solution.path) else {
      app.write("This copy of the workbook holds no solutions (your instructor keeps them), so there is nothing to reveal. Your own files are the answer that passed.")
      return App.Exit.failed
    }
    // An untouched lesson fails every task: no need to build it to say so.
    if StarterFingerprints.recorded(in: workbook).isUntouched(lesson, in: workbook) {
      app.write("Lesson \(lesson.number) is not started: its files are as handed out. The solution is shown once every task passes; start with \(WorkbookPath.readme(lesson)).")
      return App.Exit.failed
    }
    let result = app.grader(workbook, options).grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true)
    guard result.passed else {
      app.write("Lesson \(lesson.number) is not done yet: \(Count.part(result.passedCount, of: lesson.tasks.count, "task")) done. The solution is shown once every task passes, so it cannot spoil one you are still working on; swift run grade hint \(lesson.number) helps meanwhile.")
      return App.Exit.failed
    }
    app.write("Lesson \(lesson.number) is done. Your files, compared with the solution's (- yours, + the solution's):")
    app.write(try app.solutionDiff(lesson, task: nil, workbook: workbook))
    return App.Exit.passed
  }
}
