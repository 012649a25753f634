import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeKit
@testable import GradeResults
import GradeTestSupport
import Testing

/// What watch mode says changed since the last save.
@Suite("Watch mode's summary of a save")
struct WatchTests {
  let lesson = SampleLesson.lesson

  func result(_ task1: TaskResult, _ task2: TaskResult = .passed(2)) -> LessonResult {
    LessonResult(lessonNumber: 1, tasks: [task1, task2])
  }

  /// A task with a check per entry: failing ones with a test whose issue says `message`.
  func failing(_ checks: [(String, TaskResult.Status, String)]) -> TaskResult {
    TaskResult(taskNumber: 1, checks: checks.map { name, status, message in
      Check(.test(name), findings: status == .pass ? [] : [.testFailed(outcome(name, status: .failed, issues: [IssueReport(message: message)]))])
    })
  }

  @Test("A failure whose message changes from run to run (a random ID, the time) is not a change")
  func sameChecksOtherWords() {
    let before = result(failing([("saves a message", .fail, "id 7F3A… was not found at 10:01:02"), ("sends", .pass, "")]))
    let after = result(failing([("saves a message", .fail, "id 09BC… was not found at 10:01:09"), ("sends", .pass, "")]))
    let said = WatchCommand.changes(from: before, to: after, in: lesson)
    #expect(said.contains("nothing changed"), "\(said)")
  }

  @Test("A check that passed and fails now, or the other way round, is a change; a task that passes now says so")
  func checksThatChange() {
    let before = result(failing([("saves a message", .fail, "x"), ("sends", .pass, "")]))
    let differently = result(failing([("saves a message", .pass, ""), ("sends", .fail, "y")]))
    #expect(WatchCommand.changes(from: before, to: differently, in: lesson).contains("Task 1 still fails, differently"))
    let fixed = result(.passed(1))
    let said = WatchCommand.changes(from: before, to: fixed, in: lesson)
    #expect(said.contains("✔ Task 1 passes now."))
    #expect(!said.contains("Next:"), "every task passes: \(said)")
  }

  @Test("Another compiler error is a change")
  func otherCompileError() {
    func broken(_ message: String) -> LessonResult {
      let error = Diagnostic(path: "Lessons/01-expect-and-require/Sources/ScoreValidator.swift", line: 3, column: 1, message: message)
      return result(.one(1, check: .compiles, [.compileErrors([error])]))
    }
    let said = WatchCommand.changes(from: broken("cannot find 'x' in scope"), to: broken("missing return"), in: lesson)
    #expect(said.contains("still fails, differently"), "\(said)")
  }
}

/// Where watch mode goes on a save or a key, and what its list shows as current.
@Suite("Watch mode follows the learner")
struct WatchSessionTests {
  /// Seven lessons shaped like the sample one, numbered 1 to 7.
  static let catalog = Catalog(lessons: (1...7).map { number in
    var lesson = SampleLesson.lesson
    lesson.number = number
    lesson.slug = "lesson-\(number)"
    lesson.title = "Lesson number \(number)"
    return lesson
  })

  func session(in number: Int) -> WatchSession {
    WatchSession(lesson: Self.catalog.lessons[number - 1], catalog: Self.catalog)
  }

  @Test("A save in another lesson moves watch there, and says so")
  func followsSaves() {
    var session = session(in: 6)
    let action = session.react(to: .saved([4]), isDone: { _ in false })
    guard case .grade(let lesson, let note?) = action else {
      Issue.record("expected a grading with a note, got \(action)")
      return
    }
    #expect(lesson.number == 4)
    #expect(session.lesson.number == 4)
    #expect(note.contains("watch follows you there: lesson 4"), "\(note)")
    #expect(note.contains("Type 6 + Enter to go back"), "\(note)")
  }

  @Test("A save in the lesson watched grades it without a note, even when another lesson changed too")
  func staysOnItsLesson() {
    var session = session(in: 6)
    #expect(session.react(to: .saved([4, 6]), isDone: { _ in false }) == .grade(Self.catalog.lessons[5], note: nil))
    #expect(session.lesson.number == 6)
  }

  @Test("Typing a lesson's number or slug goes to it; anything else says what to type")
  func picksByNumber() {
    var session = session(in: 6)
    #expect(session.react(to: .typed("4"), isDone: { _ in false }) == .grade(Self.catalog.lessons[3], note: "Lesson 4, Lesson number 4, as you asked."))
    #expect(session.lesson.number == 4)
    #expect(session.react(to: .typed(" lesson-2 "), isDone: { _ in false }) == .grade(Self.catalog.lessons[1], note: "Lesson 2, Lesson number 2, as you asked."))
    let said = session.react(to: .typed("42"), isDone: { _ in false })
    #expect(said == .say("\"42\" is neither a key nor a lesson. Type a lesson's number (1 to 7), or h, n, l or q, then Enter."))
    #expect(session.lesson.number == 2)
  }

  @Test("n goes to the next lesson not done after the one watched, coming round to the first ones last")
  func nextNotDone() {
    var session = session(in: 4)
    let done: Set<Int> = [1, 2, 3, 5]
    #expect(session.react(to: .typed("n"), isDone: { done.contains($0.number) }) == .grade(Self.catalog.lessons[5], note: "Lesson 6, Lesson number 6: the next lesson not done."))
    var last = self.session(in: 7)
    #expect(last.react(to: .typed("n"), isDone: { $0.number != 4 }) == .grade(Self.catalog.lessons[3], note: "Lesson 4, Lesson number 4: the next lesson not done."))
    var alone = self.session(in: 3)
    #expect(alone.react(to: .typed("n"), isDone: { $0.number != 3 }) == .say("Every other lesson is done: lesson 3 is the one left."))
  }
}

/// A lesson's last grading, once its files changed, is history.
@Suite("Watch mode's list shows no stale result as current")
struct LastGradingTests {
  /// A workbook holding the sample catalog, one owned file and a stored failing result.
  final class Scratch {
    let root = FileManager.default.temporaryDirectory.appending(path: "last-grading-\(UUID().uuidString)")
    let workbook: Workbook
    let owned: URL
    let graded = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
      workbook = Workbook(root: root, catalog: SampleLesson.catalog)
      let lesson = SampleLesson.lesson
      owned = workbook.starterFolder(of: lesson).appending(path: lesson.ownedFiles[0])
      try FileManager.default.createDirectory(at: owned.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("// edited".utf8).write(to: owned)
      try Data(SampleLesson.json.utf8).write(to: root.appending(path: "Lessons/catalog.json"))
      let result = LessonResult(lessonNumber: 1, tasks: [.passed(1), .failing(2, [.noLearnerTests])])
      let url = workbook.state.result("learner", of: lesson)
      ResultCache.store(result, at: url, fingerprint: "any")
      try FileManager.default.setAttributes([.modificationDate: graded], ofItemAtPath: url.path)
    }

    /// Dates the owned file `seconds` after the grading.
    func edit(after seconds: TimeInterval) throws {
      try FileManager.default.setAttributes([.modificationDate: graded + seconds], ofItemAtPath: owned.path)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  func list(_ workbook: Workbook) -> String {
    let app = App(currentFolder: workbook.root, environment: [:], outputIsTerminal: false, write: { _ in }, writeError: { _ in })
    return app.lessonList(workbook, progress: true, current: SampleLesson.lesson)
  }

  @Test("Files older than the grading: its count shows")
  func fresh() throws {
    let scratch = try Scratch()
    try scratch.edit(after: -60)
    #expect(LastGrading.of(SampleLesson.lesson, in: scratch.workbook)?.isStale == false)
    #expect(list(scratch.workbook) == "  ▸ ✘ 1/2 1  expect-and-require  Expecting and requiring")
  }

  @Test("A file saved after the grading (an edit, grade reset): no old count, and the lesson is not done")
  func stale() throws {
    let scratch = try Scratch()
    try scratch.edit(after: 60)
    #expect(LastGrading.of(SampleLesson.lesson, in: scratch.workbook)?.isStale == true)
    let shown = list(scratch.workbook)
    #expect(!shown.contains("1/2"), "\(shown)")
    #expect(shown.hasPrefix("  ▸ ?     1  expect-and-require"), "\(shown)")
    #expect(shown.contains("your files changed since the lesson's last grading"), "\(shown)")
  }

  @Test("A passing grading counts as done only while the files are as graded")
  func doneOnlyWhileFresh() throws {
    let scratch = try Scratch()
    let url = scratch.workbook.state.result("learner", of: SampleLesson.lesson)
    ResultCache.store(LessonResult(lessonNumber: 1, tasks: [.passed(1), .passed(2)]), at: url, fingerprint: "any")
    try FileManager.default.setAttributes([.modificationDate: scratch.graded], ofItemAtPath: url.path)
    try scratch.edit(after: -60)
    #expect(LastGrading.isDone(SampleLesson.lesson, in: scratch.workbook))
    try scratch.edit(after: 60)
    #expect(!LastGrading.isDone(SampleLesson.lesson, in: scratch.workbook))
  }
}
