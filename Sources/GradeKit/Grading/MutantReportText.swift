import GradeBuild
import GradeCatalog
import GradeMutants
import GradeResults

/// `grade mutants` in words: per task, the mutants made, compiled, killed and kept, and each survivor.
enum MutantReportText {
  /// The report of `reports` for `lesson`.
  ///
  /// - Parameter explained: The lesson's stored mutants, whose survivors say why they survive.
  static func render(_ reports: [Grader.MutantReport], lesson: Lesson, explained: KeptMutants? = nil) -> String {
    let whys = Dictionary((explained?.tasks ?? []).flatMap(\.survivors).map { ($0.id, $0.why) }) { first, _ in first }
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
        "  \(Count.words(report.made, "mutant")) made, \(report.outcomes.count) compile, \(killed) killed by the reference tests in every one of \(Count.words(runs, "run")), \(report.kept.count) kept (the fewest that kill as much as all)")
      // What each operator found, in `Mutant.Kind`'s order: where the reference tests are weak, and which kinds earn their cost.
      let kinds = Mutant.Kind.allCases.compactMap { kind -> String? in
        let made = report.outcomes.filter { $0.mutant.kind == kind }
        return made.isEmpty ? nil : "\(kind.rawValue) \(made.filter(\.killed).count)/\(made.count)"
      }
      if !kinds.isEmpty { lines.append("  killed of each kind: \(kinds.joined(separator: ", "))") }
      for survivor in report.survivors {
        let mutant = survivor.mutant
        let why = survivor.problem.map { " (\($0))" } ?? (survivor.killedRuns > 0 ? " (killed in \(Count.part(survivor.killedRuns, of: survivor.runs, "run")) only)" : "")
        let said = whys[mutant.id].map { !$0.isEmpty } ?? false
        lines.append("  \(said ? "○ survives, explained" : "✘ survives"): \(mutant.description) in \(mutant.declaration), \(WorkbookPath.file("\(Lesson.sourcesFolder)/\(mutant.file)", of: lesson).relative):\(mutant.line)\(why) [\(mutant.id)]")
        if let said = whys[mutant.id], !said.isEmpty { lines.append("      the author says: \(said)") }
      }
      for hung in report.hanging {
        let mutant = hung.mutant
        lines.append("  ⧗ hangs the reference tests (not kept: a time limit catches nothing): \(mutant.description) in \(mutant.declaration), \(WorkbookPath.file("\(Lesson.sourcesFolder)/\(mutant.file)", of: lesson).relative):\(mutant.line) [\(mutant.id)]")
      }
    }
    let survivors = reports.flatMap(\.survivors).filter { whys[$0.mutant.id]?.isEmpty ?? true }.count
    lines.append(survivors == 0
      ? "grade mutants: the reference tests kill every mutant that compiles, or the author says why not."
      : "grade mutants: \(Count.words(survivors, "mutant")) \(Count.noun("survives", for: survivors, plural: "survive")) unexplained: strengthen a reference test, or keep them (--keep) and say in \(WorkbookPath.keptMutants(lesson)) why each change is equivalent or unpromised.")
    return lines.joined(separator: "\n")
  }
}
