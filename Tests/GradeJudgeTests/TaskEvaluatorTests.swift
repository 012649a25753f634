@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeFeedback
@testable import GradeJudge
@testable import GradeResults
@testable import GradeRun
import GradeTestSupport
import Testing

@Suite("Grading a task the learner implements")
struct ImplementGradingTests {
  let task = SampleLesson.lesson.tasks[0]

  @Test("Every canonical test passing passes the task")
  func passes() {
    let job = JobResult(tests: [outcome("a()"), outcome("b()")])
    let result = TaskEvaluator.implement(task, testNames: ["ScoreValidatorTests"], job: job)
    #expect(result.status == .pass)
    #expect(result.findings.isEmpty)
    #expect(result.checks.map(\.status) == [.pass, .pass])
  }

  @Test("One failing test fails the task and is named")
  func fails() {
    let issue = IssueReport(message: "Expectation failed: (score → 101) <= 100")
    let failing = outcome("b()", status: .failed, issues: [issue])
    let result = TaskEvaluator.implement(task, testNames: ["ScoreValidatorTests"], job: JobResult(tests: [outcome("a()"), failing]))
    #expect(result.status == .fail)
    #expect(result.findings == [.testFailed(failing)])
  }

  @Test("A crash fails the task with the fatal error")
  func crash() {
    let crashed = outcome("a()", status: .interrupted)
    let job = JobResult(tests: [crashed], crashes: [crashed.id: .printing("Fatal error: Please implement")])
    let result = TaskEvaluator.implement(task, testNames: ["ScoreValidatorTests"], job: job)
    #expect(result.status == .fail)
    #expect(result.findings == [.testCrashed(crashed, .printing("Fatal error: Please implement"))])
  }

  @Test("Tests left without a result after a crash are counted as not run, and the feedback says to fix the crash first")
  func notRunAfterCrash() {
    let crashed = outcome("a()", status: .interrupted)
    let waiting = [outcome("b()", status: .interrupted), outcome("c()", status: .notRun)]
    let job = JobResult(tests: [crashed] + waiting + [outcome("d()")], crashes: [crashed.id: .printing("Fatal error: Please implement")])
    let result = TaskEvaluator.implement(task, testNames: ["ScoreValidatorTests"], job: job)
    #expect(result.status == .fail)
    #expect(result.findings == [.testCrashed(crashed, .printing("Fatal error: Please implement"))] + waiting.map(Finding.notRunAfterCrash))
    #expect(result.checks.filter { $0.status == .fail }.map(\.name) == ["a()", "b()", "c()"])
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(
      SampleLesson.lesson, LessonResult(lessonNumber: 1, tasks: [result, .passed(2)]))
    #expect(text.contains("...and 2 more tests not run: a crash stops every test still to come. Fix the crash, then grade again."), "\(text)")
  }

  @Test("A time-out fails the task and names what was still running")
  func timeout() {
    let hung = outcome("waits()", status: .interrupted)
    var job = JobResult(tests: [outcome("a()"), hung], ending: .timedOut, hung: [hung])
    job.timeLimit = 5
    let result = TaskEvaluator.implement(task, testNames: ["ScoreValidatorTests"], job: job)
    #expect(result.status == .fail)
    #expect(result.findings == [.timedOut(running: [hung], seconds: 5)])
  }

  @Test("No matching test is the workbook's error, not the learner's failure")
  func noTests() {
    let result = TaskEvaluator.implement(task, testNames: ["Missing"], job: JobResult())
    #expect(result.status == .error)
    #expect(result.findings == [.noCanonicalTests(["Missing"])])
  }
}

@Suite("Grading tests the learner writes, against a wheat and chaffs")
struct WriteTestsGradingTests {
  let task = SampleLesson.lesson.tasks[1]
  var spec: LessonTask.WriteTests {
    guard case .writeTests(let spec) = task.kind else { fatalError("the sample's task 2 writes tests") }
    return spec
  }
  let owned: Set<String> = ["UserStoreTests.swift"]

  func learnerTest(_ name: String, status: TestOutcome.Status = .passed, issues: Int = 0, cases: Int = 0) -> TestOutcome {
    outcome(
      name, module: "ExpectRequireLearnerTests_T2V0", suite: nil, status: status,
      issues: (0..<issues).map { IssueReport(message: "Expectation failed: \($0)") }, cases: cases, file: "UserStoreTests.swift")
  }

  var goodWheat: JobResult { JobResult(tests: [learnerTest("finds()", cases: 3)]) }
  var caughtEverything: [JobResult] {
    let crashFree = JobResult(tests: [learnerTest("finds()", status: .failed, issues: 1)])
    let twoIssues = JobResult(tests: [learnerTest("finds()", status: .failed, issues: 2)])
    return [crashFree, twoIssues, crashFree]
  }

  @Test("Valid and thorough tests pass the task")
  func passes() {
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: goodWheat, chaffs: caughtEverything, ownedFiles: owned)
    #expect(result.status == .pass)
    #expect(result.findings.isEmpty)
    #expect(result.bugsCaught == .init(caught: 3, total: 3))
  }

  @Test("A test that fails on another correct implementation checks what the code does not promise, and chaffs are not scored")
  func overSpecified() {
    let newestFirst = LessonTask.Wheat(name: "newest-first", description: "lists users newest first")
    var strict = learnerTest("listsInOrder()", status: .failed, issues: 1)
    strict.issues[0] = IssueReport(message: "Issue recorded", comments: ["Unexpected call: charge(2)"])
    let runs = TaskEvaluator.VariantRuns(
      solution: goodWheat, wheats: [(newestFirst, JobResult(tests: [learnerTest("finds()", cases: 3), strict]))],
      chaffs: Array(zip(spec.chaffs, caughtEverything)))
    let result = TaskEvaluator.writeTests(task, spec: spec, runs: runs, ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.findings == [.overSpecified(strict, newestFirst)])
    #expect(result.bugsCaught == nil)
    #expect(result.findings[0].plainText.hasPrefix("listsInOrder() fails on correct code that lists users newest first"))
    #expect(result.findings[0].plainText.contains("your test checks something the code does not promise"))
    #expect(result.findings[0].plainText.contains("Issue recorded\n↳ Unexpected call: charge(2)"), "the test's own words say what it expected")

    let passing = TaskEvaluator.VariantRuns(
      solution: goodWheat, wheats: [(newestFirst, goodWheat)], chaffs: Array(zip(spec.chaffs, caughtEverything)))
    #expect(TaskEvaluator.writeTests(task, spec: spec, runs: passing, ownedFiles: owned).status == .pass)
  }

  @Test("Where grades count, a test failing on another correct version or a timing wheat shows no issue it recorded there; on the solution it does")
  func noValuesWhereGradesCount() {
    let other = LessonTask.Wheat(name: "newest-first", description: "lists users newest first")
    var leaking = learnerTest("measures()", status: .failed, issues: 2)
    leaking.issues[0] = IssueReport(message: "Expectation failed: (page → 3136) == 1024", comments: ["page 3136"], fileID: "M/UserStoreTests.swift", line: 9, testCase: "3136")
    leaking.caseNames = ["3136"]
    let runs = TaskEvaluator.VariantRuns(
      solution: goodWheat, wheats: [(other, JobResult(tests: [learnerTest("finds()", cases: 3), leaking]))],
      chaffs: Array(zip(spec.chaffs, caughtEverything)))
    let counting = TaskEvaluator.writeTests(task, spec: spec, runs: runs, ownedFiles: owned, gradesCount: true)
    #expect(counting.status == .fail)
    guard case .overSpecified(let shown, let wheat) = counting.findings.first else {
      Issue.record("expected an over-specified test: \(counting.findings)")
      return
    }
    #expect(wheat == other)
    #expect(shown.valuesWithheld && shown.issues == [IssueReport(message: "", fileID: leaking.fileID, line: leaking.line)])
    #expect(counting.findings[0].plainText.contains(Wording.valuesWithheld))
    #expect(shown.caseNames.isEmpty)
    #expect(!counting.findings[0].plainText.contains("3136"), "\(counting.findings[0].plainText)")
    #expect(counting.findings[0].plainText.hasPrefix("measures() fails on correct code that lists users newest first"))
    // In a learner's own grading the same run shows what the test computed.
    let own = TaskEvaluator.writeTests(task, spec: spec, runs: runs, ownedFiles: owned)
    #expect(own.findings[0].plainText.contains("3136"))

    // On the timing wheats too; on the solution, what the test computed there is shown either way.
    var flaky = spec
    flaky.flakiness = LessonTask.Flakiness(runs: 1, timingWheats: [other])
    let timing = TaskEvaluator.VariantRuns(
      solution: goodWheat, chaffs: Array(zip(spec.chaffs, caughtEverything)), timingWheats: [(other, JobResult(tests: [leaking]))])
    let late = TaskEvaluator.writeTests(task, spec: flaky, runs: timing, ownedFiles: owned, gradesCount: true)
    #expect(late.findings.contains { if case .failsOnTimingWheat(let test, _) = $0 { test == leaking.withoutValues } else { false } }, "\(late.findings)")
    let onSolution = TaskEvaluator.writeTests(
      task, spec: spec, runs: TaskEvaluator.VariantRuns(solution: JobResult(tests: [leaking])), ownedFiles: owned, gradesCount: true)
    #expect(onSolution.findings == [.failsOnWheat(leaking)])
  }

  @Test("A test failing on the wheat makes the tests invalid, and chaffs are not scored")
  func failsOnWheat() {
    let failing = learnerTest("wrong()", status: .failed, issues: 1)
    let wheat = JobResult(tests: [learnerTest("finds()", cases: 3), failing])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: wheat, chaffs: caughtEverything, ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.findings == [.failsOnWheat(failing)])
  }

  @Test("No tests at all is reported as such")
  func noTests() {
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: JobResult(), chaffs: caughtEverything, ownedFiles: owned)
    #expect(result.findings == [.noLearnerTests])
  }

  @Test("Tests in canonical helper files are not the learner's")
  func helpersDoNotCount() {
    let helper = outcome("helper()", module: "ExpectRequireLearnerTests_T2V0", suite: nil, file: "Helpers.swift")
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: JobResult(tests: [helper]), chaffs: [], ownedFiles: owned)
    #expect(result.findings == [.noLearnerTests])
  }

  @Test("A chaff every test passes on is missed, named by its misconception")
  func missedChaff() {
    var chaffs = caughtEverything
    chaffs[2] = JobResult(tests: [learnerTest("finds()")])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: goodWheat, chaffs: chaffs, ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.findings == [.chaffMissed(spec.chaffs[2])])
    #expect(result.bugsCaught == .init(caught: 2, total: 3))
  }

  @Test("A crash does not catch a chaff marked mustNotCrash")
  func crashIsNotEnough() {
    var chaffs = caughtEverything
    let crashed = learnerTest("finds()", status: .interrupted)
    chaffs[0] = JobResult(tests: [crashed], crashes: [crashed.id: .printing("Fatal error: Unexpectedly found nil")])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: goodWheat, chaffs: chaffs, ownedFiles: owned)
    #expect(result.findings.contains(.chaffCaughtOnlyByCrash(spec.chaffs[0])))
  }

  @Test("A crash beside a clean failure still fails a mustNotCrash chaff")
  func crashBesideCleanFailure() {
    var chaffs = caughtEverything
    let crashed = learnerTest("unwraps()", status: .interrupted)
    chaffs[0] = JobResult(tests: [crashed, learnerTest("finds()", status: .failed, issues: 1)], crashes: [crashed.id: .printing("Fatal error: Unexpectedly found nil")])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: goodWheat, chaffs: chaffs, ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.findings.contains(.chaffCaughtOnlyByCrash(spec.chaffs[0])))
  }

  @Test("A crash does catch an ordinary chaff")
  func crashCatchesOrdinaryChaff() {
    var chaffs = caughtEverything
    let crashed = learnerTest("finds()", status: .interrupted)
    chaffs[2] = JobResult(tests: [crashed], crashes: [crashed.id: .printing("Fatal error: Index out of range")])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: goodWheat, chaffs: chaffs, ownedFiles: owned)
    #expect(result.status == .pass)
  }

  @Test("A chaff that needs every wrong field reported is not caught by one issue")
  func tooFewIssues() {
    var chaffs = caughtEverything
    chaffs[1] = JobResult(tests: [learnerTest("finds()", status: .failed, issues: 1)])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: goodWheat, chaffs: chaffs, ownedFiles: owned)
    #expect(result.findings.contains(.chaffNeedsMoreIssues(spec.chaffs[1], needed: 2, found: 1)))
  }

  @Test("Too few parameterized cases fails the task even when every chaff is caught")
  func tooFewCases() {
    let wheat = JobResult(tests: [learnerTest("finds()", cases: 2)])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: wheat, chaffs: caughtEverything, ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.findings.contains(.tooFewCases(needed: 3, found: 2)))
  }

  @Test("Cases shown as Swift's default description of a struct fail a task that asks for named cases; named ones and tuples pass")
  func namedCases() {
    var spec = self.spec
    spec.namedCases = true
    func grade(_ names: [String]) -> TaskResult {
      var test = learnerTest("finds()", cases: names.count)
      test.caseNames = names
      return TaskEvaluator.writeTests(task, spec: spec, wheat: JobResult(tests: [test]), chaffs: caughtEverything, ownedFiles: owned)
    }
    let unnamed = grade(["10% off 1005 cents", "DiscountCase(price: 1015, percent: 10)", "Case(price: 1, percent: 2)"])
    #expect(unnamed.status == .fail)
    #expect(unnamed.findings.contains { if case .unnamedCases(_, "DiscountCase(price: 1015, percent: 10)") = $0 { true } else { false } })
    #expect(grade(["10% off 1005 cents", "half a cent, 10%", ".domestic, 5000, true"]).status == .pass)
    #expect(TaskEvaluator.isDefaultDescription("5, Shop.Order<Int>(items: 3)"))
    #expect(!TaskEvaluator.isDefaultDescription("(Zone.domestic, 5000, true)"))
  }
}

@Suite("Grading tests that pass by luck")
struct FlakyGradingTests {
  let task = SampleLesson.lesson.tasks[1]
  var spec: LessonTask.WriteTests {
    guard case .writeTests(var spec) = task.kind else { fatalError("the sample's task 2 writes tests") }
    spec.flakiness = LessonTask.Flakiness(runs: 40, timingWheats: [late])
    return spec
  }
  let late = LessonTask.Wheat(name: "late-handler", description: "calls its handler only after the caller has moved on")
  let owned: Set<String> = ["UserStoreTests.swift"]

  func learnerTest(_ status: TestOutcome.Status = .passed, runs: Int = 1, failedRuns: Int = 0, issues: Int = 1) -> TestOutcome {
    let failing = failedRuns > 0 || status == .failed
    var test = outcome(
      "waits()", module: "CallbackTestingLearnerTests", suite: nil, status: status,
      issues: failing ? (0..<issues).map { _ in IssueReport(message: "Expectation failed: (done → false)") } : [],
      cases: 3, file: "UserStoreTests.swift")
    test.runs = runs
    test.failedRuns = failedRuns
    return test
  }

  var caught: [JobResult] {
    [JobResult(tests: [learnerTest(.failed)]), JobResult(tests: [learnerTest(.failed, issues: 2)]), JobResult(tests: [learnerTest(.failed)])]
  }

  @Test("Tests that pass every run and every timing pass the task")
  func steady() {
    let result = TaskEvaluator.writeTests(
      task, spec: spec, wheat: JobResult(tests: [learnerTest()]), chaffs: caught,
      timingWheats: [(late, JobResult(tests: [learnerTest()]))],
      repeated: [JobResult(tests: [learnerTest(runs: 20)]), JobResult(tests: [learnerTest(runs: 20)])],
      ownedFiles: owned)
    #expect(!result.findings.contains { if case .flaky = $0 { true } else { false } })
    #expect(result.checks.contains { $0.name.contains("40 runs") && $0.status == .pass })
  }

  @Test("A test that fails some repeated runs is flaky, with how often it passed")
  func flaky() {
    let result = TaskEvaluator.writeTests(
      task, spec: spec, wheat: JobResult(tests: [learnerTest()]), chaffs: caught,
      timingWheats: [(late, JobResult(tests: [learnerTest()]))],
      repeated: [JobResult(tests: [learnerTest(.failed, runs: 20, failedRuns: 3)]), JobResult(tests: [learnerTest(.failed, runs: 20, failedRuns: 6)])],
      ownedFiles: owned)
    #expect(result.status == .fail)
    let words = result.findings.map(\.plainText).joined()
    #expect(words.contains("waits() passed 31 of 40 runs against a correct implementation"))
    // Chaffs are not scored while the tests cannot be trusted on correct code.
    #expect(result.bugsCaught == nil)
  }

  @Test("A test that fails by luck on another correct version is flaky there, not a test of what the code does not promise")
  func luckBeforeContract() {
    let other = LessonTask.Wheat(name: "newest-first", description: "lists users newest first")
    func grade(timing: TestOutcome.Status, repeated failedRuns: Int) -> TaskResult {
      TaskEvaluator.writeTests(
        task, spec: spec,
        runs: TaskEvaluator.VariantRuns(
          solution: JobResult(tests: [learnerTest()]), wheats: [(other, JobResult(tests: [learnerTest(.failed)]))],
          chaffs: Array(zip(spec.chaffs, caught)), timingWheats: [(late, JobResult(tests: [learnerTest(timing)]))],
          repeated: [JobResult(tests: [learnerTest(failedRuns > 0 ? .failed : .passed, runs: 40, failedRuns: failedRuns)])]),
        ownedFiles: owned)
    }
    let unlucky = grade(timing: .passed, repeated: 1)
    #expect(unlucky.findings.map(\.plainText).contains { $0.contains("waits() passed 39 of 40 runs") }, "\(unlucky.findings)")
    #expect(!unlucky.findings.contains { if case .overSpecified = $0 { true } else { false } })
    let mistimed = grade(timing: .failed, repeated: 0)
    #expect(mistimed.findings.contains { if case .failsOnTimingWheat = $0 { true } else { false } }, "\(mistimed.findings)")
    #expect(!mistimed.findings.contains { if case .overSpecified = $0 { true } else { false } })
    // With no sign of luck, the failure on the other version is what it says.
    #expect(grade(timing: .passed, repeated: 0).findings == [.overSpecified(learnerTest(.failed), other)])
  }

  @Test("A test that fails the solution's run and passes some of its repeated runs is flaky there; one that fails them all fails on the solution")
  func luckOnTheSolution() {
    func grade(repeatedFailures: Int) -> TaskResult {
      TaskEvaluator.writeTests(
        task, spec: spec, wheat: JobResult(tests: [learnerTest(.failed)]), chaffs: caught,
        timingWheats: [(late, JobResult(tests: [learnerTest()]))],
        repeated: [JobResult(tests: [learnerTest(repeatedFailures > 0 ? .failed : .passed, runs: 40, failedRuns: repeatedFailures)])],
        ownedFiles: owned)
    }
    let lucky = grade(repeatedFailures: 3)
    #expect(lucky.findings.map(\.plainText).contains { $0.contains("waits() passed 37 of 41 runs") }, "\(lucky.findings)")
    #expect(!lucky.findings.contains { if case .failsOnWheat = $0 { true } else { false } })
    #expect(grade(repeatedFailures: 40).findings == [.failsOnWheat(learnerTest(.failed))])
  }

  @Test("A test that fails a timing wheat is named with what that timing is")
  func timingWheat() {
    let result = TaskEvaluator.writeTests(
      task, spec: spec, wheat: JobResult(tests: [learnerTest()]), chaffs: caught,
      timingWheats: [(late, JobResult(tests: [learnerTest(.failed)]))],
      repeated: [JobResult(tests: [learnerTest(runs: 20)]), JobResult(tests: [learnerTest(runs: 20)])],
      ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.findings.map(\.plainText).contains { $0.hasPrefix("waits() fails against a correct implementation that calls its handler only after the caller has moved on") })
  }

  @Test("A test that fails when the events come late waited for time: the task fails, named, and its chaffs are not scored")
  func lateEvents() {
    let result = TaskEvaluator.writeTests(
      task, spec: spec, wheat: JobResult(tests: [learnerTest()]), chaffs: caught,
      timingWheats: [(late, JobResult(tests: [learnerTest()]))],
      repeated: [JobResult(tests: [learnerTest(runs: 20)]), JobResult(tests: [learnerTest(runs: 20)])],
      lateEvents: JobResult(tests: [learnerTest(.failed)]), ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.findings.contains { if case .waitsForTime = $0 { true } else { false } })
    #expect(result.checks.last?.kind == .waitsForEvents)
    #expect(result.findings.map(\.plainText).contains { $0.hasPrefix("waits() fails when the correct code's events come late") })
    #expect(result.bugsCaught == nil)
  }

  @Test("Tests that pass when the events come late pass that check, and the chaffs are scored")
  func lateEventsPassed() {
    let result = TaskEvaluator.writeTests(
      task, spec: spec, wheat: JobResult(tests: [learnerTest()]), chaffs: caught,
      timingWheats: [(late, JobResult(tests: [learnerTest()]))],
      repeated: [JobResult(tests: [learnerTest(runs: 20)]), JobResult(tests: [learnerTest(runs: 20)])],
      lateEvents: JobResult(tests: [learnerTest()]), ownedFiles: owned)
    #expect(result.checks.contains { $0.kind == .waitsForEvents && $0.status == .pass })
    #expect(result.bugsCaught != nil)
  }
}

@Suite("Grading a suite's shape: tags and what it leaves behind")
struct SuiteShapeGradingTests {
  let task = SampleLesson.lesson.tasks[1]
  var spec: LessonTask.WriteTests {
    guard case .writeTests(var spec) = task.kind else { fatalError("the sample's task 2 writes tests") }
    spec.forbidden = ["XCTest", "XCTAssert"]
    spec.tags = ["slow": ["importsAll()"]]
    return spec
  }
  let owned: Set<String> = ["UserStoreTests.swift"]

  func test(_ name: String, tags: [String] = []) -> TestOutcome {
    var test = outcome(name, module: "M", suite: nil, cases: 3, file: "UserStoreTests.swift")
    test.tags = tags
    return test
  }

  @Test("Exactly the named tests must carry a tag: one missing and one extra are both named")
  func tags() {
    let wheat = JobResult(tests: [test("importsAll()"), test("quick()", tags: ["slow"])])
    let result = TaskEvaluator.writeTests(task, spec: spec, wheat: wheat, chaffs: [], ownedFiles: owned)
    #expect(result.findings.contains(.wrongTags(tag: "slow", missing: ["importsAll()"], extra: ["quick()"])))
    #expect(result.findings.map(\.plainText).contains("The tag .slow is missing on importsAll() and should not be on quick()."))
  }

  @Test("Named tests must record their known issue, be skipped, and link their bug; a missing one is named as missing")
  func shapes() {
    var spec = self.spec
    spec.tags = [:]
    spec.knownIssues = ["searchIgnoresCase()"]
    spec.disabled = ["backsUp()"]
    spec.bugs = ["searchIgnoresCase()"]
    var known = test("searchIgnoresCase()")
    known.issues = [IssueReport(message: "Expectation failed", isKnown: true)]
    var skipped = test("backsUp()")
    skipped.status = .skipped("no network here")
    let good = TaskEvaluator.writeTests(
      task, spec: spec, wheat: JobResult(tests: [known, skipped]), chaffs: [], ownedFiles: owned,
      traits: ["searchIgnoresCase": ["bug", "tags"]])
    #expect(!good.findings.contains { if case .shapeMissing = $0 { true } else { false } }, "\(good.findings)")

    let bare = TaskEvaluator.writeTests(
      task, spec: spec, wheat: JobResult(tests: [test("searchIgnoresCase()")]), chaffs: [], ownedFiles: owned)
    let words = bare.findings.map(\.plainText)
    #expect(words.contains("searchIgnoresCase() should record its known issue inside withKnownIssue, and no other issue."))
    #expect(words.contains("searchIgnoresCase() should link its bug with .bug(…)."))
    #expect(words.contains("There is no test named backsUp() any more: keep it, and it should be skipped by a trait: .disabled(\"why\"), or .enabled(if: condition, \"why\") with a condition that does not hold."))
    #expect(bare.status == .fail)
  }
}
