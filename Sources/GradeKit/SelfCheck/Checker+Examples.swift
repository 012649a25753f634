import Foundation
import GradeBuild
import GradeCatalog
import GradeResults

extension Checker {
  /// Proves each survivor's stated reason where the catalog gives the doc comment's examples
  /// (`WriteTests.examples`): a survivor may live only as equivalent or outside every promise,
  /// so it must pass every example the doc comment gives, as the solution does.
  func checkSurvivorExamples(of lesson: Lesson) -> [Breach] {
    guard let stored = try? KeptMutants.load(lesson, in: workbook) else { return [] }
    var breaches: [Breach] = []
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind, !spec.examples.isEmpty, let kept = stored.task(task.number) else { continue }
      progress("check: lesson \(lesson.number) (\(lesson.slug)): task \(task.number): the doc comment's \(Count.words(spec.examples.count, "example")) against the solution and \(Count.words(kept.survivors.count, "survivor"))")
      let runs = grader.runExamples(of: task, in: lesson, survivors: Set(kept.survivors.map(\.id)))
      breaches += Self.exampleBreaches(runs, of: task.number, examples: spec.examples, survivors: kept.survivors, lesson: lesson)
    }
    return breaches
  }

  /// The breaches of `runs`: an example the solution fails is wrong; a survivor that fails
  /// one breaks a promise, so its reason is false and a reference test must kill it.
  static func exampleBreaches(
    _ runs: Grader.ExampleRuns, of task: Int, examples: [String], survivors: [KeptMutants.Survivor], lesson: Lesson
  ) -> [Breach] {
    var breaches: [Breach] = []
    func breach(_ message: String) { breaches.append(Breach(lesson: lesson.number, "task \(task): \(message)")) }
    func quoted(_ numbers: [Int]) -> String {
      numbers.map { number in
        let text = examples.indices.contains(number - 1) ? examples[number - 1].replacingOccurrences(of: "\n", with: " ") : "?"
        return "example \(number) (\(text))"
      }.joined(separator: ", ")
    }
    if let problem = runs.problem { breach("the doc comment's examples could not be run against the survivors: \(problem)") }
    if !runs.failingOnSolution.isEmpty {
      breach("the solution fails the catalog's \(quoted(runs.failingOnSolution)): an example must be one the doc comment promises")
    }
    for survivor in survivors {
      // An example the solution fails is the catalog's mistake, not the survivor's.
      guard let broken = runs.broken[survivor.id]?.filter({ !runs.failingOnSolution.contains($0) }), !broken.isEmpty else { continue }
      breach(
        "the mutant \(survivor.change) [\(survivor.id)] survives the reference tests but breaks the doc comment's \(quoted(broken)), so it is neither equivalent nor outside every promise; strengthen a reference test to kill it")
    }
    return breaches
  }
}
