import Foundation
@testable import GradeBox
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeJudge
@testable import GradeResults
@testable import GradeRun
@testable import GradeFeedback
import GradeTestSupport
import Testing

/// The job list, checked as data: which runs a lesson's grading makes, without running any.
@Suite("The job list")
struct JobListTests {
  let lesson = SampleLesson.lesson
  let settings = {
    var settings = GradingSettings(
      limits: BoxLimits(seconds: 30), namespaces: true, codeHidden: true, toolchain: "Swift 6.3.1", threadSanitizer: false,
      repetitionShares: 2)
    // The runner's hooks as on Linux, wherever these tests run; `withoutHooks` takes them away.
    settings.hooks = RunnerHooks(watchesWaits: true)
    return settings
  }()

  /// A build where everything compiled, its folders named like the store's.
  var built: Workspace.Built {
    var built = Workspace.Built()
    let store = URL(fileURLWithPath: "/store")
    built.runnerFolder = store.appending(path: "runner-1")
    built.moduleFolder = store.appending(path: "module-1")
    built.testLibraries[.canonicalTests] = store.appending(path: "canonical-1")
    built.testLibraries[.task(2)] = store.appending(path: "learner-tests-1")
    guard case .writeTests(let spec) = lesson.tasks[1].kind else { return built }
    for (index, variant) in spec.variants(of: 2).enumerated() { built.variantFolders[variant] = store.appending(path: "variant-\(index)") }
    return built
  }

  func jobs(_ built: Workspace.Built, tasks: Set<Int> = [1, 2], flavour: JobList.Flavour = .plain) -> [JobID: JobList.Job] {
    let planned = JobList.jobs(for: lesson, tasks: tasks, built: built, flavour: flavour, settings: settings)
    return Dictionary(uniqueKeysWithValues: planned.map { ($0.id, $0) })
  }

  @Test("An implement task runs its canonical tests against the learner's module, naming three crashes at most")
  func implement() throws {
    let job = try #require(jobs(built)[.implement(task: 1)])
    #expect(job.program.path == "/store/runner-1/tests")
    #expect(job.libraries.map(\.path) == ["/store/canonical-1/\(RunnerProgram.testsLibrary)", "/store/module-1/\(Compiler.libraryName("ExpectRequire"))"])
    #expect(job.filters == [Workspace.filter(module: lesson.testModule, name: "ScoreValidatorTests")])
    #expect(job.crashesToName == 3 && job.seconds == 30 && !job.waitsForSolution)
  }

  @Test("A write-tests task runs against every variant, each named by what it is; all but the solution wait for it")
  func variants() throws {
    guard case .writeTests(let spec) = lesson.tasks[1].kind else { return }
    let planned = jobs(built)
    for variant in spec.variants(of: 2) {
      let job = try #require(planned[.variant(variant)], "\(variant)")
      #expect(job.program == built.program(for: variant))
      #expect(job.libraries == [built.testsLibrary(.task(2))!])
      #expect(job.waitsForSolution == (variant != .solution(of: 2)), "\(variant)")
      #expect(job.crashesToName == .max)
    }
    #expect(planned.count == 1 + spec.variants(of: 2).count)
    let keys = Set(planned.values.map(\.cacheKey.hash))
    #expect(keys.count == planned.count, "every job has a key of its own")
  }

  @Test("Asked for some bugs, a write-tests task runs those and every correct version, and no other bug")
  func someBugs() throws {
    guard case .writeTests(let spec) = lesson.tasks[1].kind, let chaff = spec.chaffs.last else { return }
    let named = VariantID(task: 2, role: .chaff(chaff))
    let planned = JobList.jobs(for: lesson, tasks: [1, 2], built: built, flavour: .plain, settings: settings, bugs: [named])
    let ran = Set(planned.compactMap { job -> VariantID? in if case .variant(let variant) = job.id { variant } else { nil } })
    #expect(ran == Set(spec.variants(of: 2).filter { $0.isCorrect || $0 == named }))
    #expect(ran.contains(named) && ran.contains(.solution(of: 2)))
    #expect(planned.contains { $0.id == .implement(task: 1) }, "an implement task's tests are no bug")
    let none = JobList.jobs(for: lesson, tasks: [2], built: built, flavour: .plain, settings: settings, bugs: [])
    #expect(none.allSatisfy { job in if case .variant(let variant) = job.id { variant.isCorrect } else { true } })
    #expect(JobList.jobs(for: lesson, tasks: [2], built: built, flavour: .plain, settings: settings, bugs: nil).count > none.count)
  }

  @Test("A task that checks for lucky tests adds shares of repeated runs on the solution, under its own time limit")
  func repeated() throws {
    var lesson = lesson
    guard case .writeTests(var spec) = lesson.tasks[1].kind else { return }
    spec.flakiness = .init(runs: 5)
    spec.waitsForEvents = true
    lesson.tasks[1].kind = .writeTests(spec)
    lesson.tasks[1].timeLimitSeconds = 10
    let planned = JobList.jobs(for: lesson, tasks: [2], built: built, flavour: .plain, settings: settings)
    let shares = planned.filter { if case .repeated(let variant, _) = $0.id { variant == .solution(of: 2) } else { false } }
    #expect(shares.count == 2)
    #expect(shares.allSatisfy { $0.repetitions == 3 && $0.waitsForSolution && $0.waitsForEvents && $0.seconds == 10 })
    #expect(shares.allSatisfy { $0.program == built.program(for: .solution(of: 2)) })
  }

  @Test("A task whose tests wait for events runs them once more on the solution with its events late; other tasks do not")
  func lateEvents() throws {
    #expect(!jobs(built, tasks: [2]).keys.contains(.lateEvents(task: 2)))
    var lesson = lesson
    guard case .writeTests(var spec) = lesson.tasks[1].kind else { return }
    spec.waitsForEvents = true
    lesson.tasks[1].kind = .writeTests(spec)
    let planned = JobList.jobs(for: lesson, tasks: [2], built: built, flavour: .plain, settings: settings)
    let late = try #require(planned.first { $0.id == .lateEvents(task: 2) })
    #expect(late.lateEvents && late.waitsForEvents && late.waitsForSolution)
    #expect(late.program == built.program(for: .solution(of: 2)))
    #expect(planned.filter(\.lateEvents).count == 1)
    #expect(Set(planned.map(\.cacheKey.hash)).count == planned.count, "every job has a key of its own")
  }

  @Test("A runner that cannot watch waits plans no late-events run, and the task's result and feedback say that check was not made here")
  func withoutHooks() throws {
    var lesson = lesson
    guard case .writeTests(var spec) = lesson.tasks[1].kind else { return }
    spec.waitsForEvents = true
    lesson.tasks[1].kind = .writeTests(spec)
    var blind = settings
    blind.hooks = RunnerHooks(watchesWaits: false)
    let planned = JobList.jobs(for: lesson, tasks: [2], built: built, flavour: .plain, settings: blind)
    #expect(!planned.contains { $0.lateEvents })
    #expect(planned.count == spec.variants(of: 2).count)

    let test = outcome("finds()", module: "ExpectRequireLearnerTests", suite: nil, cases: 3, file: "UserStoreTests.swift")
    var results: [JobID: JobResult] = [:]
    for job in planned { results[job.id] = JobResult(tests: [test]) }
    var built = built
    built.plan = try WorkspacePlan.empty(workbook: Workbook(root: URL(fileURLWithPath: "/nowhere"), catalog: SampleLesson.catalog))
    let without = LessonEvaluator(hooks: blind.hooks).evaluate(lesson.tasks[1], built: built, results: results)
    #expect(without.notCheckedHere == [.waitsForEvents])
    #expect(!without.checks.contains { $0.kind == .waitsForEvents })
    // Where the runner has the hooks, the late-events run is judged.
    results[.lateEvents(task: 2)] = JobResult(tests: [test])
    let with = LessonEvaluator(hooks: settings.hooks).evaluate(lesson.tasks[1], built: built, results: results)
    #expect(with.notCheckedHere == nil)
    #expect(with.checks.contains { $0.kind == .waitsForEvents && $0.status == .pass })

    let renderer = FeedbackRenderer(style: Style(colored: false))
    let said = renderer.task(lesson.tasks[1], without, in: lesson).joined(separator: "\n")
    #expect(said.contains("Not checked on this machine: \(Check.Kind.waitsForEvents.name)."), "\(said)")
    #expect(!renderer.task(lesson.tasks[1], with, in: lesson).joined().contains("Not checked"))
    let decoded = try JSONDecoder().decode(TaskResult.self, from: JSONEncoder().encode(without))
    #expect(decoded == without)
  }

  @Test("Only the tasks asked for are planned, and a flavour changes every key")
  func flavours() {
    let plain = jobs(built, tasks: [2])
    #expect(plain[.implement(task: 1)] == nil)
    let checked = jobs(built, tasks: [2], flavour: .threadSanitizer)
    #expect(Set(plain.values.map(\.cacheKey.hash)).isDisjoint(with: checked.values.map(\.cacheKey.hash)))
  }

  @Test("A task whose file stands as handed out runs nothing; a task whose tests did not compile runs nothing")
  func nothingToRun() {
    var built = built
    built.substitutes = ["ScoreValidator.swift"]
    built.errors[.task(2)] = [Diagnostic(path: "T.swift", line: 1, column: 1, message: "oops")]
    #expect(jobs(built).isEmpty)
  }

  @Test("A result a limit cut short is kept only for a variant that waits for the solution")
  func caches() throws {
    let planned = jobs(built)
    let solution = try #require(planned[.variant(.solution(of: 2))])
    let chaff = try #require(planned.values.first { $0.waitsForSolution })
    let hung = JobResult(ending: .timedOut)
    #expect(!solution.caches(hung) && chaff.caches(hung))
    #expect(!chaff.caches(JobResult(ending: .flooded)) && !chaff.caches(JobResult(ending: .infrastructure(.error("no box")))))
    #expect(solution.caches(JobResult()))
  }

  @Test("The evaluator finds each chaff's run by its identity")
  func byIdentity() {
    guard case .writeTests(let spec) = lesson.tasks[1].kind else { return }
    let test = outcome("finds()", module: "ExpectRequireLearnerTests", suite: nil, cases: 3, file: "UserStoreTests.swift")
    var failing = test
    failing.status = .failed
    failing.issues = [IssueReport(message: "a"), IssueReport(message: "b")]
    // Only the second chaff is caught; every other run passes.
    var results: [JobID: JobResult] = [:]
    for variant in spec.variants(of: 2) { results[.variant(variant)] = JobResult(tests: [test]) }
    results[.variant(VariantID(task: 2, role: .chaff(spec.chaffs[1])))] = JobResult(tests: [failing])
    let plan = try! WorkspacePlan.empty(workbook: Workbook(root: URL(fileURLWithPath: "/nowhere"), catalog: SampleLesson.catalog))
    var built = built
    built.plan = plan
    var evaluated = LessonEvaluator().evaluate(lesson.tasks[1], built: built, results: results)
    evaluated.checks.removeAll { $0.status == .pass }
    #expect(evaluated.findings == [.chaffMissed(spec.chaffs[0]), .chaffMissed(spec.chaffs[2])])
    #expect(evaluated.bugsCaught == .init(caught: 1, total: 3))
  }

  @Test("Judge reads the time limit from what the runs say, and a build without its plan is the grader's error")
  func limitFromTheRuns() {
    let plan = try! WorkspacePlan.empty(workbook: Workbook(root: URL(fileURLWithPath: "/nowhere"), catalog: SampleLesson.catalog))
    var built = built
    built.plan = plan
    let hung = outcome("finds()", module: "ExpectRequireTests", suite: "ScoreValidatorTests", cases: 0, file: "ScoreValidatorTests.swift")
    var stopped = JobResult(tests: [], ending: .timedOut, hung: [hung])
    stopped.timeLimit = 7
    let evaluated = LessonEvaluator().evaluate(lesson.tasks[0], built: built, results: [.implement(task: 1): stopped])
    #expect(evaluated.findings.contains(.timedOut(running: [hung], seconds: 7)), "\(evaluated.findings)")
    built.plan = nil
    #expect(LessonEvaluator().evaluate(lesson.tasks[0], built: built, results: [:]).status == .error)
  }
}
