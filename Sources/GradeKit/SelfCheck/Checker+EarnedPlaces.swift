import Foundation
import GradeCatalog
import GradeFeedback

extension Checker {
  /// Reads whether every reference test of each write-tests task earns its place: some chaff
  /// or kept mutant fails that test alone of the task's tests, or the catalog names the test
  /// `redundant`, with the test that covers the same promise.
  ///
  /// It reads the kill matrix the soak already has (`SoakResult.killers`): a test that catches
  /// nothing alone is either a promise checked twice, which the catalog says, or a bug of a
  /// kind no chaff or mutant makes, a gap to close with one; until then it is a breach, and so
  /// is a `redundant` entry the runs contradict.
  static func earnedPlaces(of lesson: Lesson, soaked: [Grader.SoakResult]) -> [Breach] {
    var breaches: [Breach] = []
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind else { continue }
      let results = soaked.filter { $0.task == task.number }
      // Runs that could not be counted say nothing of who caught what: they are breaches already.
      guard !results.isEmpty, results.allSatisfy({ $0.problem == nil }) else { continue }
      func breach(_ message: String) { breaches.append(Breach(lesson: lesson.number, "task \(task.number): \(message)")) }
      let tests = results.filter { !$0.mustFail }.reduce(into: Set<String>()) { $0.formUnion($1.tests) }
      // A test the catalog names redundant is as good as gone: the others must do without it.
      let named = Set(spec.redundant.keys)
      let alone = Set(results.filter(\.mustFail).compactMap { result in
        let left = result.killers.subtracting(named)
        return left.count == 1 ? left.first : nil
      })
      // A test that must record a known issue or be skipped is there for its trait, not a bug.
      let traitTests = Set(spec.knownIssues + spec.disabled)
      let caught = results.filter(\.mustFail).map(\.killers)
      for test in tests.sorted() where !alone.contains(test) && spec.redundant[test] == nil && !traitTests.contains(test) {
        // Where one other test catches every bug this one does, it is the likely cover.
        let mine = caught.filter { $0.contains(test) }
        let covers = tests.subtracting([test]).sorted().filter { other in mine.allSatisfy { $0.contains(other) } }
        let hint = mine.isEmpty ? " (it catches nothing)" : covers.first.map { " (\($0) catches every bug it does)" } ?? ""
        breach(
          "the reference test \(test) catches no chaff or kept mutant that another test does not catch\(hint); add a chaff or a mutant operator for the bug it is there for, or name it in the catalog's \"redundant\" with the test that covers the same promise")
      }
      for (test, cover) in spec.redundant.sorted(by: { $0.key < $1.key }) {
        if !tests.contains(test) {
          breach("the catalog's \"redundant\" names \(test), which is no reference test of the task")
        } else if let missed = results.first(where: { $0.mustFail && $0.killers.contains(test) && !$0.killers.contains(cover) }) {
          breach("the catalog's \"redundant\" says \(cover) covers \(test), but only \(test) catches \(missed.variant.words)")
        }
        if !tests.contains(cover) {
          breach("the catalog's \"redundant\" says \(cover) covers \(test), but \(cover) is no reference test of the task")
        } else if named.contains(cover) {
          breach("the catalog's \"redundant\" says \(cover) covers \(test), but names \(cover) redundant too: name a test that stays")
        }
      }
    }
    return breaches
  }
}
