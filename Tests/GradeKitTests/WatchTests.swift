@testable import GradeEvents
@testable import GradeKit
@testable import GradeResults
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
      Check(name, findings: status == .pass ? [] : [.testFailed(outcome(name, status: .failed, issues: [IssueReport(message: message)]))])
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
      return result(.one(1, check: "compiles", [.compileErrors([error])]))
    }
    let said = WatchCommand.changes(from: broken("cannot find 'x' in scope"), to: broken("missing return"), in: lesson)
    #expect(said.contains("still fails, differently"), "\(said)")
  }
}
