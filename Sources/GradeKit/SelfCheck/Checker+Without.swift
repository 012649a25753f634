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
        guard let result = grade(
          task, of: lesson, withFilesFrom: files, at: path, saying: "the \(kind) without \(fixture.technique)",
          bugs: Self.bugs(naming: fixture.fails, in: task))
        else { continue }
        let failing = result.checks.filter { $0.status != .pass }
        let found = failing.contains { $0.findings.contains { Self.finding($0, isTheFailureOf: fixture.fails) } }
        switch Self.verdict(fails: fixture.fails, found: found, notCheckedHere: result.notCheckedHere ?? []) {
        case .proved: break
        case .notProvableHere(let checks):
          // Said on its own line, never counted as proved: a Linux check proves it (`RunnerHooks`).
          progress("  not provable on this machine: task \(task.number): without \(fixture.technique) (\(fixture.name)), \(fixture.fails) "
            + "must fail, and only a check this machine does not make fails it (\(checks.map(\.name).joined(separator: "; "))); "
            + "grade check on Linux proves it")
        case .breach:
          let said = failing.isEmpty ? "the task passes" : "it fails: \(result.summary(in: lesson, limit: 2))"
          breaches.append(Breach(lesson: lesson.number, "task \(task.number): without \(fixture.technique) (\(fixture.name)), \(fixture.fails) must fail, but \(said)"))
        }
      }
    }
    return breaches
  }

  /// What a fixture's grading proved about the failure it names.
  enum FixtureVerdict: Equatable {
    /// The named failure was found.
    case proved
    /// It was not found, and one of these checks, which this machine did not make, is what
    /// gives it: only a machine that makes them can prove the fixture.
    case notProvableHere([Check.Kind])
    /// It was not found, though every check that gives it was made.
    case breach
  }

  /// The verdict on a fixture that names `name` (`LessonTask.Without.fails`), whose failure was
  /// `found` or not, in a grading that did not make the checks `notCheckedHere`
  /// (`TaskResult.notCheckedHere`). Where every check was made it is proved or a breach, as on Linux.
  static func verdict(fails name: String, found: Bool, notCheckedHere: [Check.Kind]) -> FixtureVerdict {
    guard !found else { return .proved }
    let names = Set(LessonTask.Without.failing(name))
    let missing = notCheckedHere.filter { !names.isDisjoint(with: failureNames(givenBy: $0)) }
    return missing.isEmpty ? .breach : .notProvableHere(missing)
  }

  /// The failures (as a fixture's `fails` names them) that `kind`'s check gives where it is made,
  /// and that a grading without it may not show.
  ///
  /// Where the runner watches waits, every run of a task that must wait for events records an
  /// issue against a test that waited for time (`Sleeps`), so such a test fails on the correct
  /// versions (`solution`) or in their repeated runs (`flakiness`), beside the late-events run's
  /// own finding.
  static func failureNames(givenBy kind: Check.Kind) -> Set<String> {
    switch kind {
    case .waitsForEvents: ["solution", "flakiness"]
    default: []
    }
  }

  /// The bugs a fixture's check needs run: the chaffs its `fails` names, when it names chaffs
  /// of the task only; `nil` (every bug) when it names anything else, whose finding may come
  /// only once every bug is judged.
  static func bugs(naming fails: String, in task: LessonTask) -> Set<VariantID>? {
    guard case .writeTests(let spec) = task.kind else { return nil }
    let named = LessonTask.Without.failing(fails)
    let chaffs = named.compactMap { name in spec.chaffs.first { $0.name == name } }
    guard chaffs.count == named.count else { return nil }
    return Set(chaffs.map { VariantID(task: task.number, role: .chaff($0)) })
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
    let names = LessonTask.Without.failing(name)
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
