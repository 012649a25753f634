import Foundation
import GradeCatalog
import GradeEvents
import GradeResults
import GradeRun

/// Turns what the test runs reported into a verdict per task.
///
/// Pure: it reads job results and never runs anything, so every grading rule
/// is unit-tested without a build.
public enum TaskEvaluator {
  /// Grades a task whose canonical tests check the learner's code: a check per test, and one
  /// for each way the run itself went wrong.
  public static func implement(_ task: LessonTask, testNames: [String], job: JobResult) -> TaskResult {
    var checks: [Check] = []
    switch job.ending {
    case .void(let problems):
      // None of a void run's results count, passes least of all.
      return .one(task.number, check: .reportAddsUp, [.voidRun(problems)])
    case .infrastructure(let problem):
      checks.append(Check(.testsRun, findings: [.infrastructure(problem)]))
    case .didNotStart(let failure):
      checks.append(Check(.testsStart, findings: [.runFailed(failure)]))
    default:
      break
    }
    for test in job.tests {
      switch job.fate(of: test) {
      case .crashed(let crash):
        checks.append(Check(.test(test.displayName), findings: [.testCrashed(test, crash)], output: crash.output))
      case .failed:
        checks.append(Check(.test(test.displayName), findings: [.testFailed(test)]))
      case .passed:
        checks.append(Check(.test(test.displayName)))
      case .skipped(let comment):
        // Every canonical test of a task must run: code under test that skips them passes nothing.
        checks.append(Check(.test(test.displayName), findings: [.testSkipped(test, comment: comment)]))
      case .hung, .cutShort:
        break
      }
    }
    if !job.crashes.isEmpty {
      for test in job.tests where job.fate(of: test) == .cutShort {
        checks.append(Check(.test(test.displayName), findings: [.notRunAfterCrash(test)]))
      }
    }
    if !job.sanitizerReports.isEmpty {
      checks.append(Check(.noDataRace, findings: job.sanitizerReports.map(Finding.dataRace)))
    }
    switch job.ending {
    case .abnormalExit(let exit):
      checks.append(Check(.endsCleanly, findings: [.abnormalExit(exit)], output: job.outputTail))
    case .flooded:
      checks.append(Check(.stopsPrinting, findings: [.outputFlood(running: job.hung)]))
    case .timedOut:
      checks.append(Check(.endsWithin(seconds: job.timeLimit), findings: [.timedOut(running: job.hung, seconds: job.timeLimit)]))
    default:
      break
    }
    if job.tests.isEmpty, checks.isEmpty {
      checks.append(Check(.testsExist, findings: [.noCanonicalTests(testNames)]))
    }
    return TaskResult(taskNumber: task.number, checks: checks)
  }

  /// What a write-tests task's tests did on each of its variants, by identity.
  public struct VariantRuns: Sendable {
    /// The tests against the lesson's solution.
    public var solution: JobResult
    /// Against each other correct implementation.
    public var wheats: [(LessonTask.Wheat, JobResult)] = []
    /// Against each chaff.
    public var chaffs: [(Chaff, JobResult)] = []
    /// Against each timing wheat: correct code that only moves when things happen.
    public var timingWheats: [(LessonTask.Wheat, JobResult)] = []
    /// Many times against the solution, in shares run at once.
    public var repeated: [JobResult] = []
    /// Against each kept mutant: the solution with one small change the grader made.
    public var mutants: [(MutantChange, JobResult)] = []
    /// Against the solution with its events delivered late, when the tests must wait for events.
    public var lateEvents: JobResult?

    /// Creates the runs.
    public init(
      solution: JobResult, wheats: [(LessonTask.Wheat, JobResult)] = [], chaffs: [(Chaff, JobResult)] = [],
      timingWheats: [(LessonTask.Wheat, JobResult)] = [], repeated: [JobResult] = [], mutants: [(MutantChange, JobResult)] = [],
      lateEvents: JobResult? = nil
    ) {
      self.lateEvents = lateEvents
      self.mutants = mutants
      self.solution = solution
      self.wheats = wheats
      self.chaffs = chaffs
      self.timingWheats = timingWheats
      self.repeated = repeated
    }

    /// Every run, for the rules that hold for all of them.
    var all: [JobResult] {
      [solution] + wheats.map(\.1) + chaffs.map(\.1) + timingWheats.map(\.1) + repeated + mutants.map(\.1) + (lateEvents.map { [$0] } ?? [])
    }
  }



  /// Grades a task where the learner writes tests: valid on every wheat, thorough on the chaffs.
  ///
  /// - Parameters:
  ///   - runs: What the learner's tests did on each variant.
  ///   - ownedFiles: The file names (not paths) of the learner's test files, which
  ///     tell the learner's tests apart from canonical helpers in the same folder.
  ///   - traits: The traits each of the learner's test functions carries, by name.
  ///   - gradesCount: Whether the grade counts (`Grader.gradesCount`): a test that fails on a
  ///     correct version other than the solution is then found without its values
  ///     (`TestOutcome.withoutValues`).
  public static func writeTests(
    _ task: LessonTask, spec: LessonTask.WriteTests, runs: VariantRuns, ownedFiles: Set<String>, traits: [String: Set<String>] = [:],
    gradesCount: Bool = false
  ) -> TaskResult {
    func owns(_ test: TestOutcome) -> Bool {
      ownedFiles.contains(test.fileID.map { String($0.split(separator: "/").last ?? "") } ?? "")
    }
    func own(_ job: JobResult) -> [TestOutcome] { job.tests.filter(owns) }
    // What a test shows of a run on a correct version other than the solution: where grades
    // count, nothing it computed there, which could tell that version from the solution.
    func shown(_ test: TestOutcome) -> TestOutcome { gradesCount ? test.withoutValues : test }
    let wheat = runs.solution

    // A void run anywhere voids the task: none of its results can be trusted.
    let problems = runs.all.flatMap { job -> [StreamProblem] in
      if case .void(let problems) = job.ending { problems } else { [] }
    }
    if !problems.isEmpty {
      return .one(task.number, check: .reportsAddUp, [.voidRun(problems)])
    }

    // Each test's runs and failures in the solution's repeated runs (`spec.flakiness`).
    var tally: [String: (test: TestOutcome, runs: Int, failed: Int)] = [:]
    for job in runs.repeated {
      for test in own(job) {
        var entry = tally[test.id] ?? (test, 0, 0)
        let crashed = job.crashes[test.id] != nil
        entry.runs += test.runs + (crashed ? 1 : 0)
        entry.failed += test.failedRuns + (crashed ? 1 : 0)
        if test.failedRuns > 0 || crashed { entry.test = test }
        tally[test.id] = entry
      }
    }

    // Valid: every test passes against the solution. Otherwise the chaff results mean nothing.
    var valid: [Finding] = Finding(startOrExitOf: wheat.ending).map { [$0] } ?? []
    valid += wheat.sanitizerReports.map(Finding.dataRace)
    let wheatTests = own(wheat)
    for test in wheatTests {
      switch wheat.fate(of: test) {
      case .crashed(let crash): valid.append(.crashesOnWheat(test, crash))
      case .failed:
        // A failure here that a repeated run of the same code did not repeat is luck, and said so.
        if let entry = tally[test.id], entry.failed < entry.runs {
          valid.append(.flaky(test, passed: entry.runs - entry.failed, runs: entry.runs + max(test.runs, 1)))
        } else {
          valid.append(.failsOnWheat(test))
        }
      default: break
      }
    }
    if wheat.ending == .timedOut { valid.append(.timedOut(running: wheat.hung, seconds: wheat.timeLimit)) }
    if wheat.ending == .flooded { valid.append(.outputFlood(running: wheat.hung)) }
    if wheatTests.isEmpty, valid.isEmpty { valid.append(.noLearnerTests) }
    var checks = [Check(.passesOnSolution, findings: valid)]
    guard valid.isEmpty else { return TaskResult(taskNumber: task.number, checks: checks) }

    // Honest tests pass by design, not by luck: on every timing wheat, and in every repeated run.
    // This and the late events are judged before the other correct versions: a test whose
    // outcome hangs on timing fails on one of them too now and then, and there that failure
    // is not something the code does not promise.
    if let flakiness = spec.flakiness {
      var luck: [Finding] = []
      for (timingWheat, job) in runs.timingWheats {
        for test in own(job) where job.fate(of: test).isFailure {
          luck.append(.failsOnTimingWheat(shown(test), timingWheat))
        }
        for test in job.hung where owns(test) {
          luck.append(.failsOnTimingWheat(shown(test), timingWheat))
        }
      }
      for test in wheatTests {
        guard let entry = tally[test.id], entry.failed > 0 else { continue }
        luck.append(.flaky(entry.test, passed: entry.runs - entry.failed, runs: entry.runs))
      }
      checks.append(Check(.passesByDesign(runs: flakiness.runs, timings: runs.timingWheats.count), findings: luck))
      guard luck.isEmpty else { return TaskResult(taskNumber: task.number, checks: checks) }
    }

    // Tests that must wait for events wait for them, not for time: they pass on the solution
    // whose events the grader holds back until every test waits for something.
    if let late = runs.lateEvents {
      var seen: Set<String> = []
      var waits: [Finding] = Finding(startOrExitOf: late.ending).map { [$0] } ?? []
      let failing = own(late).filter { late.fate(of: $0).isFailure } + late.hung.filter(owns)
      for test in failing where seen.insert(test.id).inserted { waits.append(.waitsForTime(test)) }
      checks.append(Check(.waitsForEvents, findings: waits))
      guard waits.isEmpty else { return TaskResult(taskNumber: task.number, checks: checks) }
    }

    // Faithful to the contract: every test passes on every other correct implementation too.
    // A failure, a crash or a hang there is a test of something the code never promised.
    if !runs.wheats.isEmpty {
      var promised: [Finding] = []
      for (other, job) in runs.wheats {
        var seen: Set<String> = []
        let failing = own(job).filter { job.fate(of: $0).isFailure } + job.hung.filter(owns)
        for test in failing where seen.insert(test.id).inserted { promised.append(.overSpecified(shown(test), other)) }
        promised += job.sanitizerReports.map(Finding.dataRace)
        if let finding = Finding(startOrExitOf: job.ending) { promised.append(finding) }
      }
      checks.append(Check(.passesOnEveryCorrect, findings: promised))
      guard promised.isEmpty else { return TaskResult(taskNumber: task.number, checks: checks) }
    }

    // Named tests that must record a known issue, be skipped, or link their bug.
    func named(_ name: String) -> TestOutcome? { wheatTests.first { $0.name == name } }
    let shapes: [(String, TestShape)] = spec.knownIssues.map { ($0, .knownIssue) } + spec.disabled.map { ($0, .disabled) }
      + spec.bugs.map { ($0, .bug) }
    for (name, shape) in shapes {
      let test = named(name)
      let ok: Bool
      switch shape {
      case .knownIssue: ok = test.map { $0.issues.contains(where: \.isKnown) && $0.failures.isEmpty } ?? false
      case .disabled: ok = test.map { if case .skipped = $0.status { true } else { false } } ?? false
      case .bug: ok = test != nil && (traits[String(name.prefix { $0 != "(" })]?.contains("bug") ?? false)
      }
      checks.append(Check(.shape(test: name, shape), findings: ok ? [] : [.shapeMissing(test: name, shape: shape, testMissing: test == nil)]))
    }

    // Tags: exactly the named test functions carry each tag.
    for (tag, names) in spec.tags.sorted(by: { $0.key < $1.key }) {
      let carrying = Set(wheatTests.filter { $0.tags.contains(tag) }.map(\.name))
      let wanted = Set(names)
      checks.append(Check(
        .tagged(tag: tag, tests: names.sorted()),
        findings: carrying == wanted
          ? [] : [.wrongTags(tag: tag, missing: wanted.subtracting(carrying).sorted(), extra: carrying.subtracting(wanted).sorted())]))
    }

    if let needed = spec.minimumCases {
      let found = wheatTests.filter(\.isParameterized).map(\.caseCount).max() ?? 0
      checks.append(Check(
        .minimumCases(needed), findings: found >= needed ? [] : [.tooFewCases(needed: needed, found: found)]))
    }

    if spec.namedCases {
      let unnamed = wheatTests.filter(\.isParameterized).compactMap { test in
        test.caseNames.first(where: Self.isDefaultDescription).map { Finding.unnamedCases(test, example: $0) }
      }
      checks.append(Check(.namedCases, findings: unnamed))
    }

    // Thorough: every chaff makes at least one test fail, in the way the task asks.
    var caught = 0
    for (chaff, job) in runs.chaffs {
      let finding = verdict(on: chaff, job: job, owns: owns)
      if finding == nil { caught += 1 }
      checks.append(Check(.catches(chaff), findings: finding.map { [$0] } ?? []))
    }
    // And every kept mutant: a floor under the chaffs, for the bugs nobody wrote down.
    var killed = 0
    for (change, job) in runs.mutants {
      let finding = verdict(on: change, job: job, owns: owns)
      if finding == nil { killed += 1 }
      // Named by its kind: a check's name reaches every report, and the exact change is
      // for a learner who earned it (`Wording.exactMutants`).
      checks.append(Check(.kills(change), findings: finding.map { [$0] } ?? []))
    }
    return TaskResult(
      taskNumber: task.number, checks: checks, bugsCaught: .init(caught: caught, total: runs.chaffs.count),
      mutantsKilled: runs.mutants.isEmpty ? nil : .init(caught: killed, total: runs.mutants.count))
  }

  /// What the learner's tests did on one kept mutant: `nil` when some test of theirs failed or
  /// crashed on it. The reference tests kill it by failing, but a learner's crash is a kill too:
  /// the mutant was told apart from the code.
  private static func verdict(on change: MutantChange, job: JobResult, owns: (TestOutcome) -> Bool) -> Finding? {
    let tests = job.tests.filter(owns)
    let exitedBadly = if case .abnormalExit = job.ending { true } else { false }
    let failed = tests.contains { job.fate(of: $0).isFailure } || exitedBadly || !job.sanitizerReports.isEmpty
    if failed { return nil }
    return undecided(job, owns: owns).map { .mutantUndecided(change, reason: $0) } ?? .mutantSurvived(change)
  }

  /// Why a run against a buggy version says nothing about it (the grader's trouble, a time
  /// limit, endless output), or `nil` when it ran to its end.
  private static func undecided(_ job: JobResult, owns: (TestOutcome) -> Bool) -> Undecided? {
    Undecided(job.ending, hung: job.hung.filter(owns).map(\.displayName), seconds: job.timeLimit)
  }

  /// What the learner's tests did on one chaff: `nil` when they caught it, in the way the task asks.
  private static func verdict(on chaff: Chaff, job: JobResult, owns: (TestOutcome) -> Bool) -> Finding? {
    let tests = job.tests.filter(owns)
    let cleanFailures = tests.filter { job.fate(of: $0) == .failed }
    // A data race ThreadSanitizer reports, or a bad exit after the tests, is caught as surely as a failed expectation.
    let exitedBadly = if case .abnormalExit = job.ending { true } else { false }
    let crashed = tests.contains { if case .crashed = job.fate(of: $0) { true } else { false } } || exitedBadly || !job.sanitizerReports.isEmpty
    let mostIssues = cleanFailures.map(\.failures.count).max() ?? 0
    // A run that says nothing (the grader's trouble, a time limit, endless output) never catches a chaff.
    let undecided = undecided(job, owns: owns)
    if crashed && chaff.mustNotCrash == true {
      // Any crash counts against it, even beside a clean failure: a crash
      // takes every test still running in the process down with it.
      return .chaffCaughtOnlyByCrash(chaff)
    } else if cleanFailures.isEmpty && !crashed, let undecided {
      return .chaffUndecided(chaff, reason: undecided)
    } else if cleanFailures.isEmpty && !crashed {
      return .chaffMissed(chaff)
    } else if let needed = chaff.minimumIssues, mostIssues < needed {
      return .chaffNeedsMoreIssues(chaff, needed: needed, found: mostIssues)
    }
    return nil
  }

  /// Whether a case's name holds how Swift describes a struct or class by default, such as
  /// `DiscountCase(price: 1005, percent: 10)`: a type's name, then its labelled fields. A
  /// case's arguments are joined with ", ", so such a description may start any of them.
  ///
  /// One pass over the name, and each place tried reads at most a short way ahead: the name
  /// is a test's own text, and no text it supplies may make the grader's work grow faster
  /// than its length (a backtracking pattern did, on a name made to trip it).
  static func isDefaultDescription(_ name: String) -> Bool {
    let characters = Array(name.unicodeScalars.prefix(ShownText.nameLimit))
    func isUpper(_ c: Unicode.Scalar) -> Bool { ("A"..."Z").contains(c) }
    func isWord(_ c: Unicode.Scalar) -> Bool { isUpper(c) || ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_" }
    func isLabelStart(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || isUpper(c) || c == "_" }
    /// Whether a type name and a labelled field start at `start`: `Type(label: ` or `A.B<T>(label: `.
    func describesAt(_ start: Int) -> Bool {
      var index = start
      let limit = min(characters.count, start + 200)
      // One or more capitalised names joined by dots.
      repeat {
        guard index < limit, isUpper(characters[index]) else { return false }
        while index < limit, isWord(characters[index]) { index += 1 }
        guard index < limit, characters[index] == "." else { break }
        index += 1
      } while true
      // Generic arguments, with no ">" inside.
      if index < limit, characters[index] == "<" {
        while index < limit, characters[index] != ">" { index += 1 }
        guard index < limit else { return false }
        index += 1
      }
      guard index < limit, characters[index] == "(" else { return false }
      index += 1
      guard index < limit, isLabelStart(characters[index]) else { return false }
      while index < limit, isWord(characters[index]) { index += 1 }
      return index + 1 < limit && characters[index] == ":" && characters[index + 1] == " "
    }
    for index in characters.indices {
      let starts = index == 0 || (index >= 2 && characters[index - 2] == "," && characters[index - 1] == " ")
      if starts, describesAt(index) { return true }
    }
    return false
  }
}

extension TaskEvaluator {
  /// A misuse of the learner's API, and what the compiler said of it alone.
  public struct MisuseCheck: Sendable {
    /// The misuse as the catalog gives it.
    public var misuse: LessonTask.Misuse
    /// The path the learner knows its file by.
    public var path: String
    /// The file's text, to find the line marked `// misuse`.
    public var source: String
    /// The errors compiling it gave, or `nil` when it could not be compiled at all.
    public var diagnostics: [Diagnostic]?
  }

  /// Whether a diagnostic group is about concurrency, which a compiler-graded task forbids even as a warning.
  static func isConcurrencyGroup(_ group: String?) -> Bool {
    guard let group else { return false }
    return ["Sendable", "Sending", "Isolat", "Actor", "Concurrency", "DataRace", "Preconcurrency"].contains { group.contains($0) }
  }

  /// Grades a task the compiler grades: Swift 6 mode with no concurrency diagnostics,
  /// no promise the compiler stops checking, and every misuse of the API rejected.
  ///
  /// - Parameters:
  ///   - owned: The learner's files of the task, by the path they know, with their text.
  ///   - refusals: What the task's files hold that the lesson's rules refuse.
  ///   - swift6: What the compiler said of the learner's module in Swift 6 mode.
  ///   - moduleErrors: Errors when the module compiled in neither mode.
  public static func compiles(
    _ task: LessonTask, spec: LessonTask.Compiles, owned: [(path: String, text: String)], othersOwned: Set<String> = [],
    refusals: [Refusal] = [], swift6: [Diagnostic], moduleErrors: [Diagnostic]?, misuses: [MisuseCheck]
  ) -> TaskResult {
    // Promises the compiler stops checking silence it instead of fixing the design.
    var swift6Findings = refusals.map(Finding.refused)
    let ownedPaths = Set(owned.map(\.path))
    // An error in a file another task owns is that task's to fix: this one waits for it, and
    // never passes meanwhile, since the error may come from this task's code.
    let elsewhere = swift6.filter { !$0.isWarning && othersOwned.contains($0.path ?? "") && !ownedPaths.contains($0.path ?? "") }
    if !elsewhere.isEmpty { swift6Findings.append(.waitsFor(files: Set(elsewhere.compactMap(\.path)).sorted())) }
    let relevant = swift6.filter { diagnostic in
      !elsewhere.contains(diagnostic) && (!diagnostic.isWarning || (isConcurrencyGroup(diagnostic.group) && ownedPaths.contains(diagnostic.path ?? "")))
    }
    for diagnostic in relevant {
      swift6Findings.append(.concurrencyDiagnostic(diagnostic, explanation: diagnostic.group.flatMap { spec.explanations[$0] }))
    }
    var checks = [Check(.swift6, findings: swift6Findings)]

    if let moduleErrors, relevant.isEmpty {
      // Not even Swift 5 mode compiles it: the errors are not about concurrency.
      checks.append(Check(.compiles, findings: [.compileErrors(moduleErrors)]))
    }

    // An error in the learner's own files that is not about concurrency (a missing await, a
    // typo) means the misuses were compiled against the file as handed out: no verdict on their API.
    let ownFileBroken = moduleErrors != nil
      || relevant.contains { !$0.isWarning && ownedPaths.contains($0.path ?? "") && !isConcurrencyGroup($0.group) }
    for check in misuses {
      let lines = check.source.split(separator: "\n", omittingEmptySubsequences: false)
      let marked = (lines.firstIndex { $0.contains("// misuse") } ?? 0) + 1
      let code = lines.indices.contains(marked - 1) ? lines[marked - 1].split(separator: "//").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" : ""
      var finding: Finding?
      if ownFileBroken {
        finding = .waitsFor(files: owned.map(\.path).sorted())
      } else if let said = check.diagnostics {
        let rejected = said.contains { $0.line == marked && $0.group == check.misuse.group }
        if said.isEmpty {
          finding = .misuseAccepted(path: check.path, line: marked, code: code, group: check.misuse.group, explanation: spec.explanations[check.misuse.group])
        } else if !rejected {
          finding = .misuseRejectedOtherwise(path: check.path, line: marked, group: check.misuse.group, said: said)
        }
      } else if moduleErrors == nil {
        finding = .infrastructure(.misuseNotCompiled(path: check.path))
      }
      checks.append(Check(.rejectsMisuse(path: check.path, line: marked, group: check.misuse.group), findings: finding.map { [$0] } ?? []))
    }
    return TaskResult(taskNumber: task.number, checks: checks)
  }
}
