import Testing
@testable import GradeKit

/// What watch mode says changed since the last save.
@Suite("Watch mode's summary of a save")
struct WatchTests {
  let lesson = SampleLesson.lesson

  func result(_ task1: TaskResult, _ task2: TaskResult = TaskResult(taskNumber: 2, status: .pass, findings: [])) -> LessonResult {
    LessonResult(lessonNumber: 1, tasks: [task1, task2])
  }

  func failing(_ checks: [(String, TaskResult.Status, String)]) -> TaskResult {
    let entries = checks.map { CheckEntry(name: $0.0, status: $0.1, message: $0.2) }
    return TaskResult(
      taskNumber: 1, status: .fail, findings: [.infrastructure(checks.map(\.2).joined())], checks: entries)
  }

  @Test("A failure whose message changes from run to run (a random ID, the time) is not a change")
  func sameChecksOtherWords() {
    let before = result(failing([("saves a message", .fail, "id 7F3A… was not found at 10:01:02"), ("sends", .pass, "")]))
    let after = result(failing([("saves a message", .fail, "id 09BC… was not found at 10:01:09"), ("sends", .pass, "")]))
    let said = App.changes(from: before, to: after, in: lesson)
    #expect(said.contains("nothing changed"), "\(said)")
  }

  @Test("A check that passed and fails now, or the other way round, is a change; a task that passes now says so")
  func checksThatChange() {
    let before = result(failing([("saves a message", .fail, "x"), ("sends", .pass, "")]))
    let differently = result(failing([("saves a message", .pass, ""), ("sends", .fail, "y")]))
    #expect(App.changes(from: before, to: differently, in: lesson).contains("Task 1 still fails, differently"))
    let fixed = result(TaskResult(taskNumber: 1, status: .pass, findings: []))
    let said = App.changes(from: before, to: fixed, in: lesson)
    #expect(said.contains("✔ Task 1 passes now."))
    #expect(!said.contains("Next:"), "every task passes: \(said)")
  }

  @Test("Another compiler error is a change")
  func otherCompileError() {
    func broken(_ message: String) -> LessonResult {
      let error = Diagnostic(path: "Lessons/01-expect-and-require/Sources/ScoreValidator.swift", line: 3, column: 1, message: message)
      return result(TaskResult(
        taskNumber: 1, status: .fail, findings: [.compileErrors([error])], checks: [CheckEntry(name: "compiles", status: .fail)]))
    }
    let said = App.changes(from: broken("cannot find 'x' in scope"), to: broken("missing return"), in: lesson)
    #expect(said.contains("still fails, differently"), "\(said)")
  }
}
