import Foundation
import GradeCatalog

/// `grade mutants`: the survivors of the reference tests, and with `--keep` the kept mutants written down.
extension App {
  /// Reports each task's mutants; passes when every survivor is explained in the kept file.
  func mutants(_ name: String, task: Int?, keep: Bool, options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
    let reports = grader(workbook, options).mutants(lesson, tasks: task.map { [$0] } ?? [], runs: options.runs ?? 1, progress: writeError)
    // A file that no longer reads is made again by --keep, losing only what it said.
    let old = keep ? (try? KeptMutants.load(lesson, in: workbook)) ?? nil : try KeptMutants.load(lesson, in: workbook)
    write(MutantReportText.render(reports, lesson: lesson, explained: old))
    if keep {
      guard reports.allSatisfy({ $0.problem == nil }) else {
        writeError("grade mutants: nothing kept, since some task's mutants could not be run")
        return Exit.error
      }
      let kept = KeptMutants(reports: reports, keeping: old)
      try kept.write(lesson, in: workbook)
      writeError("Wrote \(WorkbookPath.keptMutants(lesson)).")
      return kept.unexplained.isEmpty ? Exit.passed : Exit.failed
    }
    let said = Set((old?.tasks ?? []).flatMap(\.survivors).filter { !$0.why.isEmpty }.map(\.id))
    return reports.allSatisfy { $0.problem == nil && $0.survivors.allSatisfy { said.contains($0.mutant.id) } } ? Exit.passed : Exit.failed
  }
}
