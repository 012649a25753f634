/// `grade mutants` in words: per task, the mutants made, compiled, killed and kept, and each survivor.
enum MutantReportText {
  /// The report of `reports` for `lesson`.
  static func render(_ reports: [Grader.MutantReport], lesson: Lesson) -> String {
    var lines: [String] = []
    for report in reports {
      let title = lesson.tasks.first { $0.number == report.task }?.title ?? ""
      lines.append("Lesson \(lesson.number), task \(report.task): \(title)")
      lines.append("  code under test: \(report.files.joined(separator: ", "))")
      if let problem = report.problem {
        lines.append("  ! \(problem)")
        continue
      }
      let killed = report.outcomes.filter(\.killed).count
      let runs = report.outcomes.first?.runs ?? 1
      lines.append(
        "  \(report.made) mutants made, \(report.outcomes.count) compile, \(killed) killed by the reference tests in every one of \(runs) run\(runs == 1 ? "" : "s"), \(report.kept.count) kept (one per distinct set of killing tests)")
      for survivor in report.survivors {
        let mutant = survivor.mutant
        let why = survivor.problem.map { " (\($0))" } ?? (survivor.killedRuns > 0 ? " (killed in \(survivor.killedRuns) of \(survivor.runs) runs only)" : "")
        lines.append("  ✘ survives: \(mutant.description) in \(mutant.declaration), \(WorkbookPath.lesson(lesson).appending("Sources/\(mutant.file)").relative):\(mutant.line)\(why) [\(mutant.id)]")
      }
    }
    let survivors = reports.reduce(0) { $0 + $1.survivors.count }
    lines.append(survivors == 0
      ? "grade mutants: the reference tests kill every mutant that compiles."
      : "grade mutants: \(survivors) mutant\(survivors == 1 ? "" : "s") survive: strengthen a reference test, or say in the catalog why the change is equivalent or unpromised.")
    return lines.joined(separator: "\n")
  }
}
