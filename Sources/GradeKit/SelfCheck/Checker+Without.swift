import Foundation
import GradeCatalog
import GradeEvents
import GradeResults

extension Checker {
  /// Proves each task grades the techniques its fixtures take out: the solution graded with a
  /// fixture (a write-tests task's reference test file, or an implement task's solution source,
  /// without one technique) in its place fails the task, and the check the catalog names is among
  /// those that fail.
  func checkWithoutFixtures(of lesson: Lesson) -> [Breach] {
    var breaches: [Breach] = []
    for task in lesson.tasks {
      for fixture in task.without {
        guard let result = grade(
          task, of: lesson, withFilesFrom: WorkbookPath.without(fixture, of: lesson).url(in: workbook.root),
          at: "without/\(lesson.folder)/\(task.number)-\(fixture.name)",
          saying: "the \(task.kind.isWriteTests ? "tests" : "solution") without \(fixture.technique)")
        else { continue }
        let failing = result.checks.filter { $0.status != .pass }
        if !failing.contains(where: { $0.findings.contains { Self.finding($0, isTheFailureOf: fixture.fails) } }) {
          let said = failing.isEmpty ? "the task passes" : "it fails: \(result.summary(in: lesson, limit: 2))"
          breaches.append(Breach(lesson: lesson.number, "task \(task.number): without \(fixture.technique) (\(fixture.name)), \(fixture.fails) must fail, but \(said)"))
        }
      }
    }
    return breaches
  }

  /// Whether `finding` is the failure the catalog names in a fixture's `fails`: a chaff missed
  /// (or left undecided by a hang, caught with too few issues, caught only by a crash), a wheat
  /// or timing wheat failed, a shape check not met, or a test of the named canonical suite that
  /// failed, crashed or hung.
  static func finding(_ finding: Finding, isTheFailureOf name: String) -> Bool {
    func inSuite(_ test: TestOutcome) -> Bool { TestOutcome.namePath(ofID: test.id).first == name }
    switch finding {
    case .chaffMissed(let chaff), .chaffUndecided(let chaff, _), .chaffNeedsMoreIssues(let chaff, _, _), .chaffCaughtOnlyByCrash(let chaff):
      return chaff.name == name
    case .overSpecified(_, let wheat): return wheat.name == name
    // A test that passes by luck may fail its first run on the solution as well as a later one.
    case .failsOnTimingWheat(_, let wheat): return wheat.name == name || name == "flakiness"
    case .flaky, .failsOnWheat, .crashesOnWheat: return name == "flakiness"
    case .tooFewCases: return name == "minimumCases"
    case .unnamedCases: return name == "namedCases"
    case .wrongTags: return name == "tags"
    case .shapeMissing(_, .knownIssue, _): return name == "knownIssues"
    case .shapeMissing(_, .disabled, _): return name == "disabled"
    case .shapeMissing(_, .bug, _): return name == "bugs"
    case .testFailed(let test), .testCrashed(let test, _): return inSuite(test)
    case .timedOut(let running, _): return running.contains(where: inSuite)
    default: return false
    }
  }
}

extension LessonTask.Kind {
  /// Whether the learner writes tests in this task.
  var isWriteTests: Bool { if case .writeTests = self { true } else { false } }
}
