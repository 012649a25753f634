@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeFeedback
@testable import GradeJudge
@testable import GradeResults
@testable import GradeRun
@testable import GradeWire
import GradeTestSupport
import Testing

/// Whole outputs compared to the letter: a change to what learners read shows up here.
@Suite("Feedback text and JSON, golden")
struct FeedbackGoldenTests {
  let lesson = SampleLesson.lesson

  /// A lesson result made the way grading makes one: from what the test runs reported, by the evaluator.
  var result: LessonResult {
    let issue = IssueReport(
      message: "Expectation failed: (error → nil) == (expected → outOfRange(101))", comments: ["101 is one too many"],
      fileID: "ExpectRequireTests/ScoreValidatorTests.swift", line: 31)
    let failing = outcome("rejectsHigh()", status: .failed, issues: [issue])
    var crashed = outcome("parses()", status: .interrupted)
    crashed.displayName = "Parsing reads a number"
    let implement = TaskEvaluator.implement(
      lesson.tasks[0], testNames: ["ScoreValidatorTests"],
      job: JobResult(tests: [failing, crashed], crashes: [crashed.id: .printing("ExpectRequire/ScoreValidator.swift:33: Fatal error: Please implement parse(_:)")]))
    guard case .writeTests(let spec) = lesson.tasks[1].kind else { fatalError() }
    func learnerTest(_ status: TestOutcome.Status, issues: Int = 0) -> TestOutcome {
      outcome(
        "findsUser()", module: "ExpectRequireLearnerTests", suite: nil, status: status,
        issues: (0..<issues).map { IssueReport(message: "Expectation failed: \($0)") }, cases: 3, file: "UserStoreTests.swift")
    }
    let writeTests = TaskEvaluator.writeTests(
      lesson.tasks[1], spec: spec, wheat: JobResult(tests: [learnerTest(.passed)]),
      chaffs: [JobResult(tests: [learnerTest(.failed, issues: 1)]), JobResult(tests: [learnerTest(.failed, issues: 2)]), JobResult(tests: [learnerTest(.passed)])],
      ownedFiles: ["UserStoreTests.swift"])
    return LessonResult(lessonNumber: 1, tasks: [implement, writeTests])
  }

  @Test("The lesson feedback names the test, the expectation, the learner's path and the hint")
  func lessonText() {
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(lesson, result, hintLevels: [2: 2])
    #expect(text == """
      Lesson 1: Expecting and requiring  (expect-and-require)
        ✘ Task 1  Make the validator throw
            ✘ rejectsHigh()  Tests/ExpectRequireTests/ScoreValidatorTests.swift:31
                Expectation failed: (error → nil) == (expected → outOfRange(101))
                ↳ 101 is one too many
            ✘ "Parsing reads a number" crashed  Tests/ExpectRequireTests/ScoreValidatorTests.swift:10
                Fatal error: Please implement parse(_:) (Lessons/01-expect-and-require/Sources/ScoreValidator.swift:33)
            Hint 1 of 2: Read the tests first.
        ✘ Task 2  Test the user store
            Your tests pass against a correct implementation and catch 2 of 3 bugs.
            ✘ Not caught: code that numbers users from 0.
            Hint 2 of 2: Use try #require to unwrap.

      0 of 2 tasks done. Next hint, for task 1: swift run grade hint 1
      """)
  }

  @Test("A compile error in a macro expansion shows once, at the learner's line, beside its own task's hint only")
  func compileErrorText() {
    let expansion = SerializedDiagnostics.Message(
      severity: .error, file: "/tmp/swift-generated-sources/@__swiftmacro_x.swift", line: 1, column: 1,
      text: "call can throw but is not marked with 'try'", group: nil,
      notes: [.init(severity: .note, file: "ScoreValidator.swift", line: 12, column: 7, text: "expanded code originates here", group: nil)])
    let error = Diagnostic.errors(
      in: [expansion], shownAs: ["ScoreValidator.swift": "Lessons/01-expect-and-require/Sources/ScoreValidator.swift"])
    let result = LessonResult(lessonNumber: 1, tasks: [
      .one(1, check: .compiles, [.compileErrors(error)]),
      .one(2, check: .compiles, [.waitsFor(files: ["Lessons/01-expect-and-require/Sources/ScoreValidator.swift"])]),
    ])
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(lesson, result)
    #expect(text == """
      Lesson 1: Expecting and requiring  (expect-and-require)
        ✘ Task 1  Make the validator throw
            ✘ Does not compile:
                Lessons/01-expect-and-require/Sources/ScoreValidator.swift:12:7: error: call can throw but is not marked with 'try'
            Hint 1 of 2: Read the tests first.
        ✘ Task 2  Test the user store
            … Graded once Lessons/01-expect-and-require/Sources/ScoreValidator.swift compiles (see the error above).

      0 of 2 tasks done. Next hint, for task 1: swift run grade hint 1
      """)
  }

  @Test("A test failing on correct code shows every issue it recorded at its own line, in text and JSON alike")
  func everyIssueOnCorrectCode() {
    // A strict mock complains first; the learner's own #expect fails after it.
    let mock = IssueReport(message: "Issue recorded", comments: ["Unexpected call: charge(2)"], fileID: "ExpectRequireLearnerTests/UserStoreTests.swift", line: 8)
    let own = IssueReport(message: "Expectation failed: (users.count → 2) == 1", fileID: "ExpectRequireLearnerTests/UserStoreTests.swift", line: 21)
    let test = outcome("findsUser()", module: "ExpectRequireLearnerTests", suite: nil, status: .failed, issues: [mock, own], file: "UserStoreTests.swift")
    let wheat = LessonTask.Wheat(name: "newest-first", description: "lists users newest first")
    let result = LessonResult(lessonNumber: 1, tasks: [.passed(1), .failing(2, [.overSpecified(test, wheat)])])
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(lesson, result)
    #expect(text == """
      Lesson 1: Expecting and requiring  (expect-and-require)
        ✔ Task 1  Make the validator throw
        ✘ Task 2  Test the user store
            ✘ findsUser() fails on correct code that lists users newest first  Lessons/01-expect-and-require/Tests/UserStoreTests.swift:10: your test checks something the code does not promise.
                Test what the doc comment promises, not how one implementation happens to do it.
                Issue recorded  Lessons/01-expect-and-require/Tests/UserStoreTests.swift:8
                ↳ Unexpected call: charge(2)
                Expectation failed: (users.count → 2) == 1  Lessons/01-expect-and-require/Tests/UserStoreTests.swift:21
            Hint 1 of 2: One test per promise.

      1 of 2 tasks done. Next hint, for task 2: swift run grade hint 1
      """)
    let json = ResultsJSON.encode([(lesson, result)])
    #expect(json.contains(#"Issue recorded  Lessons/01-expect-and-require/Tests/UserStoreTests.swift:8\n↳ Unexpected call: charge(2)\nExpectation failed: (users.count → 2) == 1  Lessons/01-expect-and-require/Tests/UserStoreTests.swift:21"#), "\(json)")

    // A test that records issues in a loop is cut short, the same in every report.
    let many = outcome("findsUser()", module: "ExpectRequireLearnerTests", suite: nil, status: .failed,
      issues: (1...12).map { IssueReport(message: "Expectation failed: \($0)") }, file: "UserStoreTests.swift")
    let words = Finding.failsOnWheat(many).words(in: Wording(lesson: lesson))
    #expect(words.details.count == Wording.issuesOnCorrectCodeShownByDefault + 1)
    #expect(words.details.last == "...and 4 more issues")
  }

  @Test("No tests yet says what to write first, not the list of bugs")
  func noTestsYetText() {
    let result = LessonResult(lessonNumber: 1, tasks: [
      .passed(1),
      .one(2, check: .passesOnSolution, [.noLearnerTests]),
    ])
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(lesson, result)
    #expect(text == """
      Lesson 1: Expecting and requiring  (expect-and-require)
        ✔ Task 1  Make the validator throw
        ✘ Task 2  Test the user store
            ✘ No tests yet: add @Test functions to Lessons/01-expect-and-require/Tests/UserStoreTests.swift.
            Hint 1 of 2: One test per promise.

      1 of 2 tasks done. Next hint, for task 2: swift run grade hint 1
      """)
  }

  @Test("Missed bugs are named two at a time, with how many were caught")
  func missedBugsText() {
    guard case .writeTests(let spec) = lesson.tasks[1].kind else { return }
    let result = LessonResult(lessonNumber: 1, tasks: [
      .passed(1),
      .failing(2, spec.chaffs.map(Finding.chaffMissed), bugsCaught: .init(caught: 0, total: 3)),
    ])
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(lesson, result, hintLevels: [2: 2])
    #expect(text.contains("catch 0 of 3 bugs."))
    #expect(text.contains("✘ Not caught: code that finds nobody for a user that exists."))
    #expect(text.contains("✘ Not caught: code that swaps the name and the email."))
    #expect(!text.contains("numbers users from 0"))
    #expect(text.contains("...and 1 more bug to catch once these are caught"))
  }

  @Test("The overview shows each lesson and a bar")
  func overview() {
    let done = LessonResult(lessonNumber: 1, tasks: [.passed(1), .passed(2)])
    let text = FeedbackRenderer(style: Style(colored: false)).overview([(lesson, done)])
    #expect(text == """
      Progress
        ✔  1  expect-and-require  2/2 tasks
        [##############################] 2 of 2 tasks
      """)
  }

  @Test("Colour wraps marks in ANSI codes only when asked")
  func colour() {
    let plain = FeedbackRenderer(style: Style(colored: false)).lesson(lesson, result)
    let coloured = FeedbackRenderer(style: Style(colored: true)).lesson(lesson, result)
    #expect(!plain.contains("\u{1B}["))
    #expect(coloured.contains("\u{1B}[31m✘\u{1B}[0m"))
  }

  @Test("JSON uses Exercism's results.json v3 field names")
  func json() {
    let text = ResultsJSON.encode([(lesson, result)])
    #expect(text == """
      {
        "lesson" : 1,
        "slug" : "expect-and-require",
        "status" : "fail",
        "tests" : [
          {
            "message" : "rejectsHigh()  Tests/ExpectRequireTests/ScoreValidatorTests.swift:31\\nExpectation failed: (error → nil) == (expected → outOfRange(101))\\n↳ 101 is one too many",
            "name" : "Task 1: rejectsHigh()",
            "status" : "fail",
            "task_id" : 1
          },
          {
            "message" : "\\"Parsing reads a number\\" crashed  Tests/ExpectRequireTests/ScoreValidatorTests.swift:10\\nFatal error: Please implement parse(_:) (Lessons/01-expect-and-require/Sources/ScoreValidator.swift:33)",
            "name" : "Task 1: Parsing reads a number",
            "output" : "ExpectRequire/ScoreValidator.swift:33: Fatal error: Please implement parse(_:)",
            "status" : "fail",
            "task_id" : 1
          },
          {
            "name" : "Task 2: your tests pass against a correct implementation",
            "status" : "pass",
            "task_id" : 2
          },
          {
            "name" : "Task 2: a parameterized test runs at least 3 cases",
            "status" : "pass",
            "task_id" : 2
          },
          {
            "name" : "Task 2: catches a bug: finds nobody for a user that exists",
            "status" : "pass",
            "task_id" : 2
          },
          {
            "name" : "Task 2: catches a bug: swaps the name and the email",
            "status" : "pass",
            "task_id" : 2
          },
          {
            "message" : "Not caught: code that numbers users from 0.",
            "name" : "Task 2: catches a bug: numbers users from 0",
            "status" : "fail",
            "task_id" : 2
          }
        ],
        "version" : 3
      }
      """)
  }

  @Test("A runner that stops with a status of the box's protocol is named in words, with what to run next")
  func runnerStatus() {
    let wording = Wording(lesson: lesson, task: lesson.tasks[0])
    let confined = Finding.runFailed(Crash(termination: .exited(BoxWire.Exit.cannotConfine.rawValue), output: "grade: the run could not be confined (step 3)"))
    let text = confined.words(in: wording).text
    #expect(text.contains("the box could not confine the run") && text.contains("check-setup") && text.contains("(step 3)"), "\(text)")
    #expect(Finding.runFailed(Crash(termination: .exited(9))).words(in: wording).text.contains("the process exited with status 9"))
  }

  @Test("Facts found outside Feedback are worded here: a rejected file, with the command that brings a missing one back, and the grader's trouble")
  func factsWorded() {
    let wording = Wording(lesson: lesson, task: lesson.tasks[1])
    let missing = Finding.rejectedFile(path: "Sources/A.swift", rejection: .missing).words(in: wording).headline
    #expect(missing == "Sources/A.swift was not graded: it is missing; swift run grade reset \(lesson.number) \(lesson.tasks[1].number) brings the starter back.")
    let large = Finding.rejectedFile(path: "Sources/A.swift", rejection: .tooLarge(bytes: 2_000_000, limit: 1_048_576)).words(in: wording).headline
    #expect(large == "Sources/A.swift was not graded: it is 2000000 bytes, over the 1048576-byte limit for a source file.")
    let unknown = Finding.infrastructure(.unknownTaskKind("draw", known: ["compiles", "implement"])).words(in: wording).headline
    #expect(unknown == "Could not grade: the catalog gives this task the kind \"draw\", which this grader does not know; known kinds: compiles, implement")
    #expect(Undecided.infrastructure(.noResult(run: "task-2-solution")).words == "the run could not be graded: the grader has no result of the run task-2-solution")
    let slow = Finding.infrastructure(.compilerTimedOut(after: .seconds(900))).words(in: wording).headline
    #expect(slow == "Could not grade: the compiler took longer than 900.0 seconds and was stopped")
  }

  @Test("A check's output is cut where a line starts, and escaped once, by the JSON encoder")
  func outputLines() throws {
    let lines = (1...100).map { "line \($0) of what the run printed" }
    let check = Check(.endsCleanly, findings: [.abnormalExit(.exited(3))], output: lines.joined(separator: "\n"))
    let output = try #require(check.output)
    #expect(output.count <= Crash.outputLimit && output.hasPrefix("line ") && output.hasSuffix("line 100 of what the run printed"))
    #expect(lines.contains(String(output.split(separator: "\n")[0])))
    let json = ResultsJSON.encode([(lesson, LessonResult(lessonNumber: 1, tasks: [TaskResult(taskNumber: 1, checks: [check])]))])
    #expect(json.contains("line 99 of what the run printed\\nline 100") && !json.contains("\\\\n"))
  }
}

@Suite("Feedback when a lesson cannot be graded")
struct LessonErrorFeedbackTests {
  @Test("A lesson-wide error is said once, with no per-task noise")
  func lessonError() {
    let lesson = SampleLesson.lesson
    let message = "Lessons/01-expect-and-require/Tests/UserStoreTests.swift is missing."
    let result = LessonResult(
      lessonNumber: 1, tasks: lesson.tasks.map { .one($0.number, check: .lessonGradable, [.infrastructure(.error(message))]) },
      lessonError: message)
    #expect(FeedbackRenderer(style: Style(colored: false)).lesson(lesson, result) == """
      Lesson 1: Expecting and requiring  (expect-and-require)
        ! Could not grade this lesson: Lessons/01-expect-and-require/Tests/UserStoreTests.swift is missing.
      """)
  }

  @Test("Endless output is the learner's failure, named as such, not the grader's error")
  func flood() {
    let talker = outcome("talksForever()", status: .interrupted)
    let job = JobResult(tests: [talker], ending: .flooded, hung: [talker])
    let result = TaskEvaluator.implement(SampleLesson.lesson.tasks[0], testNames: ["ScoreValidatorTests"], job: job)
    #expect(result.status == .fail)
    #expect(result.findings == [.outputFlood(running: [talker])])
  }
}
