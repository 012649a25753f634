import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeFeedback
@testable import GradeKit
@testable import GradeResults
import GradeWire
import GradeTestSupport
import Testing

/// Feedback that fits its task: what a lucky test of that kind of task needs, hints that start
/// from what the tests already do, and the small display slips a learner notices.
@Suite("Feedback that fits its task")
struct FeedbackFitTests {
  /// The sample's write-tests task, checked for luck with `cause`, its first hint a timing hint.
  static func task(cause: LessonTask.Flakiness.Cause) -> LessonTask {
    var task = SampleLesson.lesson.tasks[1]
    guard case .writeTests(var spec) = task.kind else { fatalError("the sample's task 2 writes tests") }
    spec.flakiness = LessonTask.Flakiness(runs: 50, cause: cause)
    spec.timingHints = 1
    task.kind = .writeTests(spec)
    return task
  }

  func text(_ finding: Finding, cause: LessonTask.Flakiness.Cause) -> String {
    finding.words(in: Wording(lesson: SampleLesson.lesson, task: Self.task(cause: cause))).text
  }

  let test = outcome("takesNumbers()", module: "ExpectRequireLearnerTests", suite: nil, status: .failed, file: "UserStoreTests.swift")
  let wheat = LessonTask.Wheat(name: "lets-others-in", description: "lets other callers in while it starts a day")

  @Test("A lucky test of shared state is told to serialize it, not to wait for an event that is not there")
  func sharedState() {
    for finding in [Finding.flaky(test, passed: 47, runs: 50), .failsOnTimingWheat(test, wheat)] {
      let said = text(finding, cause: .sharedState)
      #expect(said.contains("Serialize shared state: put .serialized on the suite"), "\(said)")
      #expect(!said.contains("Wait for the event"), "\(said)")
    }
  }

  @Test("A lucky test of a task that waits is told to wait for the event itself")
  func timing() {
    for finding in [Finding.flaky(test, passed: 47, runs: 50), .failsOnTimingWheat(test, wheat)] {
      let said = text(finding, cause: .timing)
      #expect(said.contains("Wait for the event itself"), "\(said)")
      #expect(!said.contains("Serialize"), "\(said)")
    }
  }

  @Test("The catalog says which kind each task is: lesson 2's shared tracking desk is shared state")
  func catalogCause() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    guard case .writeTests(let desk) = workbook.catalog.lessons[1].tasks[4].kind else { fatalError("2.5 writes tests") }
    #expect(desk.flakiness?.cause == .sharedState)
    guard case .writeTests(let uploads) = workbook.catalog.lessons[8].tasks[3].kind else { fatalError("9.4 writes tests") }
    #expect(uploads.flakiness?.cause == .timing)
    #expect(uploads.timingHints == 1)
  }

  @Test("A sleep is told to wait for the event, not to bound its wait (lesson 9 leaves the bound to the run)")
  func sleepIssue() {
    let said = SleepIssue.message(milliseconds: 50)
    #expect(said.hasPrefix("This test waited 50 ms of real time to pass"))
    #expect(said.contains("Wait for the event itself"))
    #expect(!said.contains("bound"), "\(said)")
  }

  @Test("A comment prints under its issue as Swift Testing prints it: ↳ retry")
  func comment() {
    let failing = outcome("retries()", status: .failed, issues: [IssueReport(message: "Confirmation was confirmed 0 times, but expected to be confirmed 1 time", comments: ["retry"])])
    let said = Finding.testFailed(failing).plainText
    #expect(said.contains("\n↳ retry"), "\(said)")
    #expect(!said.contains("// retry"), "\(said)")
    #expect(failing.failures[0].summary.hasSuffix(" ↳ retry"))
  }

  @Test("A ThreadSanitizer frame the symbolizer gives line 0 shows its file with no line")
  func frameWithoutLine() {
    let block = """
      WARNING: ThreadSanitizer: data race (pid=4242)
        Write of size 8 at 0x7b0c00001234 by thread T1:
          #0 <null> <null> (libLab.so+0x1e13) (BuildId: 1234)
        Previous read of size 8 at 0x7b0c00001234 by thread T2:
          #0 <null> <null> (libLab.so+0x1f00) (BuildId: 1234)
      SUMMARY: ThreadSanitizer: data race (/tmp/libLab.so+0x1e13) in increment
      """
    let names: [SanitizerReport.Place: SanitizerReport.Name] = [
      .init(module: "libLab.so", offset: "0x1e13"): .init(symbol: "HitCounter.increment()", location: "/tmp/box/Sources/HitCounter.swift:0:0"),
      .init(module: "libLab.so", offset: "0x1f00"): .init(symbol: "HitCounter.count.getter", location: "/tmp/box/Sources/HitCounter.swift:14:7"),
    ]
    let trimmed = SanitizerReport.trimmed(block, names: names)
    #expect(trimmed.contains("    in HitCounter.increment() at HitCounter.swift\n"), "\(trimmed)")
    #expect(trimmed.contains("    in HitCounter.count.getter at HitCounter.swift:14:7"), "\(trimmed)")
    #expect(!trimmed.contains(":0:0"))
  }

  @Test("A hint about waiting is passed over once the tests pass on correct code at every timing")
  func hintPremise() {
    let task = Self.task(cause: .timing)
    let renderer = FeedbackRenderer(style: Style(colored: false))
    // Failing on the correct code: the tests do not wait yet, so the ladder starts at hint 1.
    let waiting = TaskResult.failing(2, [.failsOnWheat(test)])
    #expect(renderer.task(task, waiting, in: SampleLesson.lesson).last == "    Hint 1 of 2: One test per promise.")
    // Graded on to the bugs: the tests already wait, so hint 1's premise is met.
    guard case .writeTests(let spec) = task.kind else { return }
    let catching = TaskResult.failing(2, [.chaffMissed(spec.chaffs[0])], bugsCaught: .init(caught: 2, total: 3))
    #expect(catching.firstHintNeeded(of: task) == 2)
    #expect(renderer.task(task, catching, in: SampleLesson.lesson).last == "    Hint 2 of 2: Use try #require to unwrap.")
    #expect(catching.firstHintNeeded(of: SampleLesson.lesson.tasks[1]) == 1, "a task with no timing hints starts at 1")
  }

  @Test("Feedback with counts of one says so in the singular")
  func singularFeedback() {
    let many = outcome("findsUser()", module: "ExpectRequireLearnerTests", suite: nil, status: .failed,
      issues: (1...(Wording.issuesOnCorrectCodeShownByDefault + 1)).map { IssueReport(message: "Expectation failed: \($0)") }, file: "UserStoreTests.swift")
    #expect(Finding.failsOnWheat(many).plainText.hasSuffix("\n...and 1 more issue"))
    let oneEach = TaskResult(
      taskNumber: 2, checks: [Check(.minimumCases(1), findings: [.tooFewCases(needed: 1, found: 0)])], bugsCaught: .init(caught: 1, total: 1),
      mutantsKilled: .init(caught: 1, total: 1))
    let lines = FeedbackRenderer(style: Style(colored: false)).taskLines(oneEach, of: SampleLesson.lesson.tasks[1], in: SampleLesson.lesson)
    #expect(lines[0] == "✔ Your tests pass against a correct implementation and catch 1 of 1 bug and 1 of 1 small change the grader made to the code (mutants).")
    #expect(lines[1] == "✘ Write a parameterized test with at least 1 case (@Test(arguments:)); none of your tests is parameterized yet.")
    let single = LessonResult(lessonNumber: 1, tasks: [.passed(1), oneEach])
    #expect(FeedbackRenderer(style: Style(colored: false)).lesson(SampleLesson.lesson, single).hasSuffix("1 of 2 tasks done. Next hint, for task 2: swift run grade hint 1"))
  }

  @Test("grade hint passes over a timing hint whose premise the last grading found met, and says so")
  func hintCommandPassesOver() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "hint-premise-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let json = SampleLesson.json.replacingOccurrences(of: #""minimumCases": 3,"#, with: #""minimumCases": 3, "timingHints": 1,"#)
    try FileManager.default.createDirectory(at: root.appending(path: "Lessons"), withIntermediateDirectories: true)
    try Data(json.utf8).write(to: root.appending(path: "Lessons/catalog.json"))
    let workbook = try Workbook.load(at: root)
    let lesson = workbook.catalog.lessons[0]
    guard case .writeTests(let spec) = lesson.tasks[1].kind else { fatalError("the sample's task 2 writes tests") }
    #expect(spec.timingHints == 1)
    let caught = TaskResult.failing(2, [.chaffMissed(spec.chaffs[0])], bugsCaught: .init(caught: 2, total: 3))
    ResultCache.store(LessonResult(lessonNumber: 1, tasks: [.passed(1), caught]), at: workbook.state.result("learner", of: lesson), fingerprint: "any")
    let out = MutantWordsTests.Output()
    let app = App(currentFolder: root, environment: [:], outputIsTerminal: false, write: { line in out.lines.withLock { $0.append(line) } }, writeError: { _ in })
    #expect(app.run(["hint", "1", "--task", "2"]) == App.Exit.passed)
    #expect(out.text.contains("(Hint 1 is passed over: your tests already pass on correct code at every timing.)\nHint 2 of 2: Use try #require to unwrap."), "\(out.text)")
  }
}
