import Foundation
import GradeBuild
import GradeCatalog

/// `grade mutants LESSON [TASK]`: what the reference tests do to the mutants of each write-tests task's code,
/// and with `--keep` the mutants learners' tests must kill written down.
struct MutantsCommand: GradeCommand {
  /// How usage shows `grade mutants`, and the options it takes.
  static let usage = CommandUsage(
    name: "mutants", arguments: "LESSON [TASK]",
    summary: "list the mutants of each write-tests task's code that the reference tests do not kill in every run (where an author finds a weak reference test); with --keep, store the fewest killed ones that learners' tests must kill too",
    audience: .maintainers, options: ["--task", "--runs", "--keep"] + CommandUsage.grading)

  /// The lesson, as named on the command line.
  var name: String
  /// The one task to look at; `nil` for every write-tests task of the lesson.
  var task: Int?
  /// Whether to write the kept mutants (`--keep`).
  var keep: Bool
  /// How to grade, and how many runs (`--runs`).
  var options: Commands.Options

  /// Takes a lesson and a task as `grade reset` does.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> MutantsCommand {
    let (name, task) = try lessonAndTask(words, parsed)
    return MutantsCommand(name: name, task: task, keep: parsed.keep, options: parsed.options)
  }

  /// Reports each task's mutants; passes when every survivor is explained in the kept file.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    guard let lesson = try app.resolve([name], in: workbook).first else { return App.Exit.error }
    let reports = app.grader(workbook, options).mutants(lesson, tasks: task.map { [$0] } ?? [], runs: options.runs ?? 1, progress: app.writeError)
    // A file that no longer reads is made again by --keep, losing only what it said.
    let old = keep ? (try? KeptMutants.load(lesson, in: workbook)) ?? nil : try KeptMutants.load(lesson, in: workbook)
    app.write(MutantReportText.render(reports, lesson: lesson, explained: old))
    if keep {
      guard reports.allSatisfy({ $0.problem == nil }) else {
        app.writeError("grade mutants: nothing kept, since some task's mutants could not be run")
        return App.Exit.error
      }
      let kept = KeptMutants(reports: reports, keeping: old)
      try kept.write(lesson, in: workbook)
      app.writeError("Wrote \(WorkbookPath.keptMutants(lesson)).")
      return kept.unexplained.isEmpty ? App.Exit.passed : App.Exit.failed
    }
    let said = Set((old?.tasks ?? []).flatMap(\.survivors).filter { !$0.why.isEmpty }.map(\.id))
    return reports.allSatisfy { $0.problem == nil && $0.survivors.allSatisfy { said.contains($0.mutant.id) } } ? App.Exit.passed : App.Exit.failed
  }
}
