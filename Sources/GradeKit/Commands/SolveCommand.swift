import Foundation
import GradeCatalog

/// `grade solve LESSON [TASK]`: the solution copied over your files of a lesson or task, after a backup;
/// with `--into DIR`, a scratch copy of the workbook solved up to a task instead, for a presenter.
struct SolveCommand: GradeCommand {
  /// How usage shows `grade solve`, and the options it takes.
  static let usage = CommandUsage(
    name: "solve", arguments: "LESSON [TASK]",
    summary: "copy the solution over your files (after a backup in .grade/backups); with --into, a scratch copy of the workbook solved up to --task K instead",
    audience: .learners, options: ["--task", "--into"])

  /// Where the solution is written.
  enum Target: Equatable, Sendable {
    /// Over your own files: the lesson's, or one task's.
    case learnerFiles(task: Int?)
    /// Into a scratch copy of the workbook in `folder`, with the lesson solved through task `through`.
    case scratchCopy(through: Int, folder: String)
  }

  /// The lesson, as named on the command line.
  var name: String
  /// Where the solution goes.
  var target: Target

  /// Takes a lesson and a task as `grade reset` does; `--into` needs the task.
  static func parse(_ words: [String], _ parsed: Command.Parsed) throws(GradeError) -> SolveCommand {
    let (name, task) = try lessonAndTask(words, parsed)
    guard let into = parsed.into else { return SolveCommand(name: name, target: .learnerFiles(task: task)) }
    guard let task else { throw .usage("say which lesson and task: swift run grade solve 1 --task 2 --into DIR") }
    return SolveCommand(name: name, target: .scratchCopy(through: task, folder: into))
  }

  /// Writes the solution where `target` says and says what it wrote.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    guard let lesson = try app.resolve([name], in: workbook).first else { return App.Exit.error }
    switch target {
    case .learnerFiles(let task):
      app.tell(try LearnerFiles(workbook: workbook).solve(lesson, task: task), heading: "Copied the solution into:")
    case .scratchCopy(let task, let folder):
      let copy = app.url(folder)
      try ScratchCopy.write(workbook, lesson: lesson, solvedThrough: task, to: copy)
      app.writeError("Wrote a copy of the workbook to \(copy.path) with lesson \(lesson.number), \(task == 1 ? "task 1" : "tasks 1 to \(task)") solved; your checkout is untouched.")
      app.writeError("In it: cd \(copy.path) && swift run grade \(lesson.number)")
    }
    return App.Exit.passed
  }
}
