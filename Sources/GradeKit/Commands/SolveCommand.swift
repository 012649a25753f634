import Foundation
import GradeCatalog

/// `grade solve LESSON [TASK]`: the solution copied over your files of a lesson or task, after a backup;
/// with `--into DIR`, a scratch copy of the workbook with one or more lessons solved instead, every
/// task of each or (`--task K`, one lesson) up to a task, for a presenter or an instructor.
struct SolveCommand: GradeCommand {
  /// How usage shows `grade solve`, and the options it takes.
  static let usage = CommandUsage(
    name: "solve", arguments: "LESSON [TASK | LESSON ...]",
    summary: "copy the solution over your files (after a backup in .grade/backups); with --into, a scratch copy of the workbook with every lesson named solved instead (one lesson: up to --task K)",
    audience: .learners, options: ["--task", "--into"])

  /// Where the solution is written.
  enum Target: Equatable, Sendable {
    /// Over your own files: the lesson's, or one task's.
    case learnerFiles(task: Int?)
    /// Into a scratch copy of the workbook in `folder`, with each lesson solved through task
    /// `through`, or through its last task when `through` is `nil`.
    case scratchCopy(through: Int?, folder: String)
  }

  /// The lessons, as named on the command line: one, unless the solution goes into a scratch copy.
  var names: [String]
  /// Where the solution goes.
  var target: Target

  /// Takes a lesson and a task as `grade reset` does; with `--into`, one lesson or more, each
  /// solved whole, or one lesson up to `--task K`.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> SolveCommand {
    guard let into = parsed.into else {
      let (name, task) = try lessonAndTask(words, parsed)
      return SolveCommand(names: [name], target: .learnerFiles(task: task))
    }
    guard !words.isEmpty else { throw .usage("say which lessons to solve: swift run grade solve 1 2 --into DIR (or one lesson up to a task: 1 --task 2)") }
    if parsed.task != nil, words.count > 1 {
      throw .usage("--task K solves one lesson up to a task; name one lesson with it, or leave it out to solve every task of \(words.joined(separator: ", "))")
    }
    return SolveCommand(names: words, target: .scratchCopy(through: parsed.task, folder: into))
  }

  /// Writes the solution where `target` says and says what it wrote.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let lessons = try app.resolve(names, in: workbook)
    guard let lesson = lessons.first else { return App.Exit.error }
    switch target {
    case .learnerFiles(let task):
      app.tell(try LearnerFiles(workbook: workbook).solve(lesson, task: task), heading: "Copied the solution into:")
    case .scratchCopy(let task, let folder):
      let copy = app.url(folder)
      let solved = lessons.map { ($0, task ?? $0.tasks.count) }
      try ScratchCopy.write(workbook, solved: solved, to: copy)
      let what = solved.map { lesson, through in
        "lesson \(lesson.number) " + (through == lesson.tasks.count ? "(every task)" : through == 1 ? "task 1" : "tasks 1 to \(through)")
      }
      app.writeError("Wrote a copy of the workbook to \(copy.path) with \(what.joined(separator: ", ")) solved; your checkout is untouched.")
      app.writeError("In it: cd \(copy.path) && swift run grade \(lessons.map { "\($0.number)" }.joined(separator: " "))")
    }
    return App.Exit.passed
  }
}
