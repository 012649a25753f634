import Foundation
import GradeCatalog

/// `grade reset LESSON [TASK]`: the starter put back over your files of a lesson or task, after a backup.
struct ResetCommand: GradeCommand {
  /// How usage shows `grade reset`, and the options it takes.
  static let usage = CommandUsage(
    name: "reset", arguments: "LESSON [TASK]", summary: "put the starter back over your files (after a backup in .grade/backups)",
    audience: .learners, options: ["--task"])

  /// The lesson, as named on the command line.
  var name: String
  /// The one task whose files to reset; `nil` for the whole lesson.
  var task: Int?

  /// Takes a lesson and a task, as `LESSON [TASK]` or `LESSON --task K`.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> ResetCommand {
    let (name, task) = try lessonAndTask(words, parsed)
    return ResetCommand(name: name, task: task)
  }

  /// Puts the starter back and says which files it rewrote and where the old ones went.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    guard let lesson = try app.resolve([name], in: workbook).first else { return App.Exit.error }
    app.tell(try LearnerFiles(workbook: workbook).reset(lesson, task: task), heading: "Put the starter back in:")
    return App.Exit.passed
  }
}
