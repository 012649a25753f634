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
        let path = "without/\(lesson.folder)/\(task.number)-\(fixture.name)"
        let files: URL
        do {
          files = try fixtureFiles(fixture, of: task, in: lesson, at: "\(path)-files")
        } catch {
          breaches.append(Breach(lesson: lesson.number, "task \(task.number): the fixture without \(fixture.technique) (\(fixture.name)): the edits \(error)"))
          continue
        }
        let kind = switch task.kind { case .writeTests: "tests"; case .compiles: "code"; default: "solution" }
        guard let result = grade(task, of: lesson, withFilesFrom: files, at: path, saying: "the \(kind) without \(fixture.technique)")
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

  /// A folder, at `path` in the grader's state, holding the task's files as the fixture has them:
  /// each a whole file of the fixture's, or the solution's file with the fixture's edits applied
  /// (`Foo.swift.edits`, `FixtureEdits`).
  func fixtureFiles(_ fixture: LessonTask.Without, of task: LessonTask, in lesson: Lesson, at path: String) throws(FixtureEdits.Problem) -> URL {
    let source = WorkbookPath.without(fixture, of: lesson).url(in: workbook.root)
    let solution = workbook.solutionFolder(of: lesson)
    let folder = grader.state.root.appending(path: path)
    try? FileManager.default.removeItem(at: folder)
    for file in task.files {
      let target = folder.appending(path: file)
      let whole = source.appending(path: file)
      let edited = source.appending(path: file + FixtureEdits.suffix)
      let text: String
      if let data = FileManager.default.contents(atPath: whole.path) {
        text = String(decoding: data, as: UTF8.self)
      } else if let edits = FileManager.default.contents(atPath: edited.path) {
        let original = FileManager.default.contents(atPath: solution.appending(path: file).path) ?? Data()
        text = try FixtureEdits(parsing: String(decoding: edits, as: UTF8.self)).applied(to: String(decoding: original, as: UTF8.self))
      } else {
        continue
      }
      try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data(text.utf8).write(to: target)
    }
    return folder
  }

  /// Whether `finding` is the failure the catalog names in a fixture's `fails`: a chaff missed
  /// (or left undecided by a hang, caught with too few issues, caught only by a crash), a wheat
  /// or timing wheat failed, a shape check not met, tests that fail on the solution itself
  /// (`solution`), a test of the named canonical suite that
  /// failed, crashed or hung, a misuse file (`Misuses/…`) the compiler no longer rejects as the
  /// task asks, the compiler's error (`compiles`), a promise the task forbids (`forbidden`), logic
  /// in a view (`views`), or a data race report (`ThreadSanitizer`).
  static func finding(_ finding: Finding, isTheFailureOf name: String) -> Bool {
    let names = name.components(separatedBy: " or ")
    if names.count > 1 { return names.contains { Self.finding(finding, isTheFailureOf: $0) } }
    func inSuite(_ test: TestOutcome) -> Bool { TestOutcome.namePath(ofID: test.id).first == name }
    // A misuse is shown by the path the learner knows; the catalog names it from the lesson folder.
    func isMisuse(_ path: String) -> Bool { name.hasPrefix("Misuses/") && (path == name || path.hasSuffix("/\(name)")) }
    switch finding {
    case .misuseAccepted(let path, _, _, _, _), .misuseRejectedOtherwise(let path, _, _, _): return isMisuse(path)
    case .compileErrors, .concurrencyDiagnostic: return name == "compiles"
    case .refused(let refusal):
      return name == "forbidden" && [.uncheckedPromise, .leftBehind].contains(refusal.rule) || name == "views" && refusal.rule == .logicInView
    case .dataRace: return name == "ThreadSanitizer"
    case .chaffMissed(let chaff), .chaffUndecided(let chaff, _), .chaffNeedsMoreIssues(let chaff, _, _), .chaffCaughtOnlyByCrash(let chaff):
      return chaff.name == name
    case .overSpecified(_, let wheat): return wheat.name == name
    // A test that passes by luck may fail its first run on the solution as well as a later one.
    case .failsOnTimingWheat(_, let wheat): return wheat.name == name || name == "flakiness"
    case .flaky: return name == "flakiness"
    // Tests that fail on the correct code: without the technique they cannot pass at all.
    case .failsOnWheat, .crashesOnWheat: return name == "flakiness" || name == "solution"
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
