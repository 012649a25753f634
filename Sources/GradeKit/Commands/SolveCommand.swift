import Foundation
import GradeCatalog

/// `grade solve LESSON [TASK]`: the solution copied over your files of a lesson or task, after a backup;
/// with `--into DIR`, a scratch copy of the workbook solved up to a task instead, for a presenter.
struct SolveCommand: GradeCommand {
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
