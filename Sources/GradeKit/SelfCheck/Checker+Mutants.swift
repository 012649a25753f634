import Foundation
import GradeBuild
import GradeCatalog
import GradeResults

extension Checker {
  /// Proves each write-tests task has kept mutants made from the solution as it is now, and an
  /// author's reason for every mutant the reference tests let live; reports each task's counts.
  ///
  /// That the reference tests kill every kept mutant is proved where the chaffs are: the
  /// solution's grading runs them once, and `--runs` runs them again and again.
  func checkKeptMutants(of lesson: Lesson) -> [Breach] {
    var breaches: [Breach] = []
    func breach(_ message: String) { breaches.append(Breach(lesson: lesson.number, message)) }
    let make = "make them with swift run grade mutants \(lesson.number) --keep"
    let stored: KeptMutants?
    let plan: WorkspacePlan
    do {
      stored = try KeptMutants.load(lesson, in: workbook)
      plan = try WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: workbook.solutionFolder(of: lesson))
    } catch {
      breach(error.message)
      return breaches
    }
    for task in lesson.tasks {
      guard case .writeTests = task.kind else { continue }
      guard let kept = stored?.task(task.number) else {
        breach("task \(task.number): no kept mutants in \(WorkbookPath.keptMutants(lesson)); \(make)")
        continue
      }
      if let stale = plan.staleMutants[task.number] {
        breach("task \(task.number): \(stale); \(make)")
      }
      for survivor in kept.survivors where survivor.why.trimmingCharacters(in: .whitespaces).isEmpty {
        breach("task \(task.number): the reference tests let a mutant live and \(WorkbookPath.keptMutants(lesson)) does not say why: \(survivor.change) [\(survivor.id)]; strengthen a reference test, or say why it is equivalent or unpromised")
      }
      progress("  task \(task.number): \(Count.words(kept.made, "mutant")) made, \(kept.compiled) compile, \(kept.killed) killed by the reference tests in every one of \(Count.words(kept.runs, "run")), \(kept.kept.count) kept; \(kept.hanging) hang them, \(kept.survivors.count) survive")
    }
    return breaches
  }
}
