import Foundation
@testable import GradeBuild
@testable import GradeFeedback
@testable import GradeJudge
@testable import GradeMutants
@testable import GradeResults
@testable import GradeRun
import GradeTestSupport
import Testing

@testable import GradeBox
@testable import GradeKit
@testable import GradeCatalog
@testable import GradeEvents

/// The mutants a write-tests task keeps, and what a learner's tests must do to them.
@Suite("Kept mutants")
struct KeptMutantsTests {
  let task = SampleLesson.lesson.tasks[1]
  var spec: LessonTask.WriteTests {
    guard case .writeTests(let spec) = task.kind else { fatalError("the sample's task 2 writes tests") }
    return spec
  }
  let owned: Set<String> = ["UserStoreTests.swift"]

  static let source = "func limit(_ amount: Int) -> Bool {\n  return amount > 10\n}\n"

  /// A mutant of `source` that swaps `>` for `op` (at its byte offset).
  static func mutant(_ op: String, id: String, file: String = "Limit.swift") -> Mutant {
    let start = source.utf8.distance(from: source.startIndex, to: source.range(of: "> 10")!.lowerBound)
    return Mutant(
      id: id, file: file, kind: .relationalOperator, line: 2, column: 17, original: ">", replacement: op, declaration: "limit(_:)",
      description: "`amount > 10` becomes `amount \(op) 10`",
      edit: .init(start: start, end: start + 1, pieces: [.text(op)], form: .expression))
  }

  /// A learner's parameterized test of three cases (the sample task asks for them); a failed one
  /// records two issues (a chaff of the sample asks for them).
  func learnerTest(_ name: String, status: TestOutcome.Status = .passed) -> TestOutcome {
    outcome(
      name, module: "ExpectRequireLearnerTests_T2V0", suite: nil, status: status,
      issues: status == .failed ? [IssueReport(message: "Expectation failed"), IssueReport(message: "Expectation failed")] : [], cases: 3,
      file: "UserStoreTests.swift")
  }

  static func change(_ number: Int, quoted: Bool = true) -> MutantChange {
    MutantChange(
      id: "m\(number)", number: number, declaration: "limit(_:)", kind: .relationalOperator,
      quoted: quoted ? "`amount > 10` becomes `amount >= 10`" : nil, location: quoted ? "Lessons/01-x/Sources/Limit.swift:2" : nil)
  }

  @Test("only mutants whose killing tests hold no other's are kept, one per set of killing tests")
  func subsumption() {
    func outcome(_ id: String, _ killers: Set<String>, killed: Bool = true) -> Grader.MutantReport.Outcome {
      .init(mutant: Self.mutant(">=", id: id), killedRuns: killed ? 3 : 1, runs: 3, killers: killers)
    }
    let report = Grader.MutantReport(
      task: 2, files: ["Limit.swift"], made: 5, dropped: [],
      outcomes: [
        outcome("wide", ["a", "b"]), outcome("narrow", ["a"]), outcome("same", ["a"]), outcome("other", ["c"]),
        outcome("lucky", ["d"], killed: false),
      ])
    // `wide` is killed by any test that kills `narrow`; `same` adds nothing to `narrow`; `lucky` died by luck.
    #expect(report.kept.map(\.id) == ["narrow", "other"])
    #expect(report.survivors.map(\.mutant.id) == ["lucky"])
  }

  @Test("of mutants with one set of killing tests, the one that died soonest is kept")
  func fastestOfASet() {
    func outcome(_ id: String, _ killers: Set<String>, seconds: Double) -> Grader.MutantReport.Outcome {
      var outcome = Grader.MutantReport.Outcome(mutant: Self.mutant(">=", id: id), killedRuns: 2, runs: 2, killers: killers)
      outcome.seconds = seconds
      return outcome
    }
    let report = Grader.MutantReport(
      task: 2, files: ["Limit.swift"], made: 3, dropped: [],
      outcomes: [outcome("slow", ["a"], seconds: 2.5), outcome("fast", ["a"], seconds: 0.2), outcome("alone", ["b"], seconds: 9)])
    #expect(report.kept.map(\.id) == ["fast", "alone"])
  }

  @Test("a parameterized test's failing cases are told apart in a kill set; a plain test counts whole")
  func killSetsPerCase() {
    let cases = outcome(
      "limits(_:)", status: .failed,
      issues: [IssueReport(message: "Expectation failed", testCase: "amount → 10"), IssueReport(message: "Expectation failed", testCase: "amount → 11")],
      cases: 3)
    #expect(Grader.killers(cases) == ["\(cases.id)|amount → 10", "\(cases.id)|amount → 11"])
    // An issue no case owns (recorded from a task the test left running) names the whole test.
    let stray = outcome(
      "limits(_:)", status: .failed, issues: [IssueReport(message: "Expectation failed", testCase: "amount → 10"), IssueReport(message: "late")],
      cases: 3)
    #expect(Grader.killers(stray) == [stray.id])
    let plain = outcome("limit()", status: .failed, issues: [IssueReport(message: "Expectation failed")])
    #expect(Grader.killers(plain) == [plain.id])
    // So two mutants that different arguments kill are both kept, where one kill set by test kept one.
    func killed(_ id: String, _ test: TestOutcome) -> Grader.MutantReport.Outcome {
      .init(mutant: Self.mutant(">=", id: id), killedRuns: 1, runs: 1, killers: Set(Grader.killers(test)))
    }
    let atTen = outcome("limits(_:)", status: .failed, issues: [IssueReport(message: "x", testCase: "amount → 10")], cases: 3)
    let atEleven = outcome("limits(_:)", status: .failed, issues: [IssueReport(message: "x", testCase: "amount → 11")], cases: 3)
    let report = Grader.MutantReport(
      task: 2, files: ["Limit.swift"], made: 2, dropped: [], outcomes: [killed("ten", atTen), killed("eleven", atEleven)])
    #expect(report.kept.map(\.id) == ["ten", "eleven"])
  }

  @Test("kept mutants become one program's variants, numbered, quoting code only from files the learner was handed")
  func variants() throws {
    var sources = WorkspacePlan.Sources()
    sources.add("Limit.swift", Data(Self.source.utf8), shownAs: "Solutions/01-x/Sources/Limit.swift")
    sources.add("Other.swift", Data("let other = 1\n".utf8), shownAs: "Solutions/01-x/Sources/Other.swift")
    let kept = KeptMutants.Task(
      task: 2, files: ["Limit.swift": KeptMutants.hash(Data(Self.source.utf8))], made: 4, compiled: 4, killed: 2, runs: 1,
      kept: [Self.mutant(">=", id: "a"), Self.mutant("<", id: "b")], survivors: [])
    #expect(kept.staleness(against: sources.files) == nil)
    let lesson = SampleLesson.lesson
    let variants = kept.variants(solution: sources, lesson: lesson, written: [])
    #expect(variants.map(\.id.mutantNumber) == [1, 2])
    #expect(variants.allSatisfy { $0.sources == variants[0].sources }, "every mutant shares one program")
    let program = String(decoding: try #require(variants.first?.sources.files["Limit.swift"]), as: UTF8.self)
    #expect(program.contains("__gradeMutant(1)") && program.contains("__gradeMutant(2)"))
    #expect(variants.first?.sources.files["Other.swift"] == Data("let other = 1\n".utf8), "files without mutants stay as they are")
    guard case .mutant(let shown) = variants[0].id.role else { Issue.record("not a mutant"); return }
    #expect(shown.words == "`amount > 10` becomes `amount >= 10` in limit(_:), \(WorkbookPath.lesson(lesson).relative)/Sources/Limit.swift:2")

    let hidden = kept.variants(solution: sources, lesson: lesson, written: ["Limit.swift"])
    guard case .mutant(let secret) = hidden[0].id.role else { Issue.record("not a mutant"); return }
    #expect(secret.words == "a comparison is changed in your limit(_:)")
    #expect(!secret.words.contains(">="), "no code of a file the learner writes is shown")
  }

  @Test("a mutant built alone is a program of its own, the change applied and no switch in it, that switches nothing on")
  func builtAlone() throws {
    var sources = WorkspacePlan.Sources()
    sources.add("Limit.swift", Data(Self.source.utf8), shownAs: "Solutions/01-x/Sources/Limit.swift")
    var alone = Self.mutant("<", id: "b")
    alone.builtAlone = true
    let kept = KeptMutants.Task(
      task: 2, files: ["Limit.swift": KeptMutants.hash(Data(Self.source.utf8))], made: 2, compiled: 2, killed: 2, runs: 1,
      kept: [alone, Self.mutant(">=", id: "a")], survivors: [])
    let variants = kept.variants(solution: sources, lesson: SampleLesson.lesson, written: [])
    // The schema's mutants come first, numbered from 1; a mutant built alone after them.
    #expect(variants.map(\.id.mutantNumber) == [1, 2])
    #expect(variants.map(\.id.switchNumber) == [1, 0], "a program of its own needs no switch, so its run says no number")
    let program = String(decoding: try #require(variants[1].sources.files["Limit.swift"]), as: UTF8.self)
    #expect(program == Self.source.replacingOccurrences(of: "amount > 10", with: "amount < 10"))
    #expect(variants[0].sources != variants[1].sources)
    // What a grading stores of it, and a file of kept mutants without the field, both read back.
    let decoded = try JSONDecoder().decode(KeptMutants.Task.self, from: JSONEncoder().encode(kept))
    #expect(decoded.kept.map(\.builtAlone) == [true, nil])
  }

  @Test("mutants made from another version of their file are stale")
  func stale() {
    let kept = KeptMutants.Task(task: 2, files: ["Limit.swift": "0"], made: 1, compiled: 1, killed: 1, runs: 1, kept: [], survivors: [])
    #expect(kept.staleness(against: ["Limit.swift": Data(Self.source.utf8)])?.contains("Limit.swift") == true)
  }

  @Test("keeping mutants again keeps what the author said of a survivor that still survives, and other tasks as they were")
  func keepingWhys() {
    let survivor = Grader.MutantReport.Outcome(mutant: Self.mutant("<", id: "s"), killedRuns: 0, runs: 1, killers: [])
    let old = KeptMutants(tasks: [
      .init(task: 2, files: [:], made: 1, compiled: 1, killed: 0, runs: 1, kept: [], survivors: [.init(id: "s", change: "", why: "unpromised")]),
      .init(task: 7, files: [:], made: 0, compiled: 0, killed: 0, runs: 1, kept: [], survivors: []),
    ])
    let report = Grader.MutantReport(task: 2, files: ["Limit.swift"], made: 1, dropped: [], outcomes: [survivor])
    let new = KeptMutants(reports: [report], keeping: old)
    #expect(new.tasks.map(\.task) == [2, 7])
    #expect(new.task(2)?.survivors.map(\.why) == ["unpromised"])
    #expect(new.unexplained.isEmpty)
    #expect(KeptMutants(reports: [report], keeping: nil).unexplained.map(\.id) == ["s"])
  }

  @Test("a learner's test that fails or crashes on a kept mutant kills it; one that passes or hangs does not")
  func verdicts() {
    let wheat = JobResult(tests: [learnerTest("limits()")])
    let chaffs = spec.chaffs.map { ($0, JobResult(tests: [learnerTest("limits()", status: .failed)])) }
    let failed = JobResult(tests: [learnerTest("limits()", status: .failed)])
    var crashed = JobResult(tests: [learnerTest("limits()", status: .interrupted)])
    crashed.crashes = [crashed.tests[0].id: .printing("Fatal error")]
    let passed = JobResult(tests: [learnerTest("limits()")])
    var hung = JobResult(tests: [], ending: .timedOut, hung: [learnerTest("limits()", status: .interrupted)])
    hung.timeLimit = 60
    let runs = TaskEvaluator.VariantRuns(
      solution: wheat, chaffs: chaffs,
      mutants: [(Self.change(1), failed), (Self.change(2), crashed), (Self.change(3), passed), (Self.change(4), hung)])
    let result = TaskEvaluator.writeTests(task, spec: spec, runs: runs, ownedFiles: owned)
    #expect(result.status == .fail)
    #expect(result.mutantsKilled == .init(caught: 2, total: 4))
    #expect(result.bugsCaught == .init(caught: spec.chaffs.count, total: spec.chaffs.count))
    #expect(result.findings == [.mutantSurvived(Self.change(3)), .mutantUndecided(Self.change(4), reason: .hung(tests: ["limits()"], seconds: 60))])
    #expect(result.findings[0].plainText.hasPrefix("Not caught: your tests pass when a comparison is changed in limit(_:)."))

    let allKilled = TaskEvaluator.VariantRuns(solution: wheat, chaffs: chaffs, mutants: [(Self.change(1), failed)])
    #expect(TaskEvaluator.writeTests(task, spec: spec, runs: allKilled, ownedFiles: owned).status == .pass)
  }

  @Test("feedback counts mutants beside bugs, and lists the bugs the lesson names before the mutants")
  func feedbackOrder() {
    let findings: [Finding] = [.mutantSurvived(Self.change(1, quoted: false)), .chaffMissed(spec.chaffs[0])]
    let ordered = FeedbackRenderer.hangsFirst(findings)
    #expect(ordered == [.chaffMissed(spec.chaffs[0]), .mutantSurvived(Self.change(1, quoted: false))])
    #expect(ordered[1].plainText.hasPrefix("Not caught: your tests pass when a comparison is changed in your limit(_:)."))
  }

  @Test("a mutant job switches its mutant on, and its result is kept apart from the code as it is")
  func jobs() throws {
    var built = Workspace.Built()
    let folder = URL(fileURLWithPath: "/tmp/variant")
    let mutant = VariantID(task: 2, role: .mutant(Self.change(3)))
    built.variantFolders = [.solution(of: 2): folder, mutant: folder]
    built.testLibraries[.task(2)] = URL(fileURLWithPath: "/tmp/tests")
    #expect(built.mutants(of: 2) == [mutant])
    let jobs = JobList.jobs(
      for: SampleLesson.lesson, tasks: [2], built: built, flavour: .plain,
      settings: GradingSettings(limits: BoxLimits(), namespaces: false, codeHidden: false, toolchain: "t", threadSanitizer: false, repetitionShares: 2))
    let job = try #require(jobs.first { $0.id == .variant(mutant) })
    let solution = try #require(jobs.first { $0.id == .variant(.solution(of: 2)) })
    #expect(job.mutant == 3 && solution.mutant == 0)
    #expect(job.program == solution.program)
    #expect(job.cacheKey.hash != solution.cacheKey.hash)
  }
}
