import Foundation
import GradeCatalog
import GradeResults

extension Checker {
  /// Proves each write-tests task grades the techniques its fixtures take out: the solution
  /// graded with a fixture (the reference test file without one technique) in place of the
  /// task's test file fails the task, and the check the catalog names is among those that fail.
  func checkWithoutFixtures(of lesson: Lesson) -> [Breach] {
    var breaches: [Breach] = []
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind else { continue }
      for fixture in spec.without {
        let fixtures = WorkbookPath.without(fixture, of: lesson).url(in: workbook.root)
        let files = task.files.filter { FileManager.default.fileExists(atPath: fixtures.appending(path: $0).path) }
        guard !files.isEmpty else { continue }
        progress("check: lesson \(lesson.number) (\(lesson.slug)): task \(task.number): the tests without \(fixture.technique)")
        let folder = solution(of: lesson, with: files, from: fixtures, at: "without/\(lesson.folder)/\(task.number)-\(fixture.name)")
        // The same workspace as the over-specified tests: both build the solution's variants with another test file.
        guard let result = grader.grade(
          lesson, learnerFolder: folder, workspaceName: "check-over-specified", notStarted: Self.writeTestsTasks(of: lesson, otherThan: task)).tasks
          .first(where: { $0.taskNumber == task.number })
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
  /// or timing wheat failed, or a shape check not met.
  static func finding(_ finding: Finding, isTheFailureOf name: String) -> Bool {
    switch finding {
    case .chaffMissed(let chaff), .chaffUndecided(let chaff, _), .chaffNeedsMoreIssues(let chaff, _, _), .chaffCaughtOnlyByCrash(let chaff):
      chaff.name == name
    case .overSpecified(_, let wheat): wheat.name == name
    // A test that passes by luck may fail its first run on the solution as well as a later one.
    case .failsOnTimingWheat(_, let wheat): wheat.name == name || name == "flakiness"
    case .flaky, .failsOnWheat, .crashesOnWheat: name == "flakiness"
    case .tooFewCases: name == "minimumCases"
    case .unnamedCases: name == "namedCases"
    case .wrongTags: name == "tags"
    case .shapeMissing(_, .knownIssue, _): name == "knownIssues"
    case .shapeMissing(_, .disabled, _): name == "disabled"
    case .shapeMissing(_, .bug, _): name == "bugs"
    default: false
    }
  }
}
