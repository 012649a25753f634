import Foundation
import GradeTestSupport
import Testing

@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeKit
@testable import GradeRun

/// `grade check` runs every survivor of a task's mutants against the doc comment's examples
/// the catalog gives, so a survivor's reason ("equivalent", "outside every promise") is proved
/// where it can be.
@Suite("A survivor's reason is checked against the doc comment's examples")
struct SurvivorExampleTests {
  static let examples = [#"#expect(TrackingDesk.fourDigits(7) == "0007")"#, "let desk = TrackingDesk.shared\nawait desk.startDay()"]
  static let survivors = [
    KeptMutants.Survivor(id: "aaa", change: "`0` becomes `(-1)` in TrackingDesk.fourDigits(_:)", why: "outside every promise"),
    KeptMutants.Survivor(id: "bbb", change: "`1` becomes `2` in TrackingDesk.nextNumber", why: "outside every promise"),
  ]

  @Test("each example is the body of a test of its own, named by its number")
  func source() {
    let source = Grader.examplesSource(Self.examples, module: "ParameterizedTesting")
    #expect(source.hasPrefix("import Testing\n@testable import ParameterizedTesting\n"))
    #expect(source.contains("@Test func example1() async throws {\n  #expect(TrackingDesk.fourDigits(7) == \"0007\")\n}"))
    #expect(source.contains("@Test func example2() async throws {\n  let desk = TrackingDesk.shared\n  await desk.startDay()\n}"))
  }

  @Test("a run's failing examples are read by name by Judge's rule, a crashed one among them; a run that decides nothing names none")
  func failing() {
    let passed = outcome("example1()")
    let failed = outcome("example2()", status: .failed)
    #expect(Grader.failedExamples(in: JobResult(tests: [passed, failed]), count: 2) == [2])
    #expect(Grader.failedExamples(in: JobResult(tests: [passed]), count: 2) == [])
    let crashed = outcome("example2()", status: .interrupted)
    #expect(Grader.failedExamples(in: JobResult(tests: [passed, crashed], crashes: [crashed.id: Crash(termination: .signaled(4))]), count: 2) == [2])
    // Cut short by a crash elsewhere: it never ended, so it broke nothing.
    let cutShort = outcome("example1()", status: .interrupted)
    #expect(Grader.failedExamples(in: JobResult(tests: [cutShort, crashed], crashes: [crashed.id: Crash(termination: .signaled(4))]), count: 2) == [2])
    #expect(Grader.failedExamples(in: JobResult(tests: [passed, failed], ending: .timedOut), count: 2) == nil)
    #expect(Grader.failedExamples(in: JobResult(tests: [passed, failed], ending: .flooded), count: 2) == nil)
  }

  @Test("a survivor that breaks an example is a breach that quotes it; one that passes them all is not")
  func breaches() {
    var runs = Grader.ExampleRuns()
    runs.broken = ["aaa": [1]]
    let found = Checker.exampleBreaches(runs, of: 5, examples: Self.examples, survivors: Self.survivors, lesson: SampleLesson.lesson)
      .map(\.message)
    #expect(found.count == 1)
    #expect(
      found.first?.hasPrefix(
        #"task 5: the mutant `0` becomes `(-1)` in TrackingDesk.fourDigits(_:) [aaa] survives the reference tests but breaks the doc comment's example 1 (#expect(TrackingDesk.fourDigits(7) == "0007")), so it is neither equivalent nor outside every promise"#
      ) == true)
    #expect(Checker.exampleBreaches(Grader.ExampleRuns(), of: 5, examples: Self.examples, survivors: Self.survivors, lesson: SampleLesson.lesson).isEmpty)
  }

  @Test("an example the solution fails is wrong, and examples that cannot run are a breach too")
  func wrongExamples() {
    var runs = Grader.ExampleRuns()
    runs.failingOnSolution = [2]
    runs.broken = ["aaa": [2]]  // what the solution fails too is no survivor's fault
    let wrong = Checker.exampleBreaches(runs, of: 5, examples: Self.examples, survivors: Self.survivors, lesson: SampleLesson.lesson)
      .map(\.message)
    #expect(wrong == ["task 5: the solution fails the catalog's example 2 (let desk = TrackingDesk.shared await desk.startDay()): an example must be one the doc comment promises"])
    let stopped = Checker.exampleBreaches(
      Grader.ExampleRuns(problem: "the examples do not compile"), of: 5, examples: Self.examples, survivors: Self.survivors,
      lesson: SampleLesson.lesson)
    #expect(stopped.map(\.message) == ["task 5: the doc comment's examples could not be run against the survivors: the examples do not compile"])
  }

  @Test("the catalog gives a write-tests task's examples")
  func catalog() throws {
    let json = #"""
      {"title": "T", "kind": "write-tests", "files": ["Tests/T.swift"], "hints": ["a", "b"], "chaffs": [],
       "examples": ["#expect(f(1) == 2)"]}
      """#
    let task = LessonTask(number: 1, draft: try JSONDecoder().decode(LessonTask.Draft.self, from: Data(json.utf8)))
    guard case .writeTests(let spec) = task.kind else {
      Issue.record("not a write-tests task")
      return
    }
    #expect(spec.examples == ["#expect(f(1) == 2)"])
  }
}
