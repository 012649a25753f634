import Foundation

/// Turns what the test runs reported into a verdict per task.
///
/// Pure: it reads job results and never runs anything, so every grading rule
/// is unit-tested without a build.
public enum TaskEvaluator {
  /// Grades a task whose canonical tests check the learner's code.
  public static func implement(_ task: LessonTask, testNames: [String], job: JobResult, seconds: Int) -> TaskResult {
    var findings: [Finding] = []
    var checks: [CheckEntry] = []
    switch job.ending {
    case .void(let problems):
      // None of a void run's results count, passes least of all.
      return TaskResult(
        taskNumber: task.number, status: .error, findings: [.voidRun(problems)],
        checks: [CheckEntry(name: "the test run's report adds up", status: .error, message: problems.joined(separator: "; "))])
    case .infrastructure(let problem):
      findings.append(.infrastructure(problem))
    case .didNotStart(let failure):
      findings.append(.runFailed(failure))
      checks.append(CheckEntry(name: "the tests start", status: .error, message: failure))
    default:
      break
    }
    for test in job.tests {
      if let message = job.crashes[test.id] {
        findings.append(.testCrashed(test, message: message))
        checks.append(CheckEntry(name: test.displayName, status: .fail, message: "crashed: \(message)", output: job.outputTail))
      } else if test.status == .failed {
        findings.append(.testFailed(test))
        checks.append(CheckEntry(name: test.displayName, status: .fail, message: test.failures.map(\.summary).joined(separator: "\n")))
      } else if test.status == .passed {
        checks.append(CheckEntry(name: test.displayName, status: .pass))
      } else if case .skipped(let comment) = test.status {
        // Every canonical test of a task must run: code under test that skips them passes nothing.
        findings.append(.testSkipped(test, comment: comment))
        checks.append(CheckEntry(name: test.displayName, status: .fail, message: Finding.testSkipped(test, comment: comment).shortDescription))
      }
    }
    let notRun = job.tests.filter { test in
      (test.status == .interrupted || test.status == .notRun) && job.crashes[test.id] == nil && !job.hung.contains { $0.id == test.id }
    }
    if !job.crashes.isEmpty, !notRun.isEmpty {
      findings.append(.notRunAfterCrash(count: notRun.count))
      for test in notRun { checks.append(CheckEntry(name: test.displayName, status: .fail, message: "did not run: an earlier test crashed")) }
    }
    for report in job.sanitizerReports {
      findings.append(.dataRace(report))
      checks.append(CheckEntry(name: "no data race under ThreadSanitizer", status: .fail, message: report))
    }
    switch job.ending {
    case .abnormalExit(let exit):
      findings.append(.abnormalExit(exit))
      checks.append(CheckEntry(name: "the test process ends cleanly", status: .fail, message: exit, output: job.outputTail))
    case .flooded:
      findings.append(.outputFlood(running: job.hung))
      checks.append(CheckEntry(name: "the tests stop printing", status: .fail, message: Finding.outputFlood(running: job.hung).shortDescription))
    case .timedOut:
      findings.append(.timedOut(running: job.hung, seconds: seconds))
      for test in job.hung where job.crashes[test.id] == nil {
        checks.append(CheckEntry(name: test.displayName, status: .fail, message: "still running when the \(seconds) s time limit ran out"))
      }
    default:
      break
    }
    if job.tests.isEmpty, findings.isEmpty {
      findings.append(.noCanonicalTests(testNames))
    }
    let status: TaskResult.Status =
      findings.isEmpty ? .pass
      : findings.contains(where: \.isGradingError) ? .error : .fail
    return TaskResult(taskNumber: task.number, status: status, findings: findings, checks: checks)
  }

  /// Grades a task where the learner writes tests: valid on the wheat, thorough on the chaffs.
  ///
  /// - Parameters:
  ///   - wheat: The learner's tests run against the correct implementation.
  ///   - chaffs: The same tests run against each chaff, in the catalog's order.
  ///   - ownedFiles: The file names (not paths) of the learner's test files, which
  ///     tell the learner's tests apart from canonical helpers in the same folder.
  ///   - timingWheats: The same tests run against each timing wheat: correct code that only moves when things happen.
  ///   - repeated: The same tests run many times against the wheat, in shares run at once.
  public static func writeTests(
    _ task: LessonTask, spec: LessonTask.WriteTests, wheat: JobResult, chaffs: [JobResult],
    timingWheats: [(LessonTask.TimingWheat, JobResult)] = [], repeated: [JobResult] = [],
    ownedFiles: Set<String>, traits: [String: Set<String>] = [:], seconds: Int
  ) -> TaskResult {
    func owns(_ test: TestOutcome) -> Bool {
      ownedFiles.contains(test.fileID.map { String($0.split(separator: "/").last ?? "") } ?? "")
    }
    func own(_ job: JobResult) -> [TestOutcome] { job.tests.filter(owns) }
    var findings: [Finding] = []
    var checks: [CheckEntry] = []

    // A void run anywhere voids the task: none of its results can be trusted.
    let problems = ([wheat] + chaffs + timingWheats.map(\.1) + repeated).flatMap { job -> [String] in
      if case .void(let problems) = job.ending { problems } else { [] }
    }
    if !problems.isEmpty {
      return TaskResult(
        taskNumber: task.number, status: .error, findings: [.voidRun(problems)],
        checks: [CheckEntry(name: "the test runs' reports add up", status: .error, message: problems.joined(separator: "; "))])
    }

    // Valid: every test passes against the wheat. Otherwise the chaff results mean nothing.
    switch wheat.ending {
    case .infrastructure(let problem): findings.append(.infrastructure(problem))
    case .didNotStart(let failure): findings.append(.runFailed(failure))
    case .abnormalExit(let exit): findings.append(.abnormalExit(exit))
    default: break
    }
    findings += wheat.sanitizerReports.map(Finding.dataRace)
    let wheatTests = own(wheat)
    for test in wheatTests {
      if let message = wheat.crashes[test.id] {
        findings.append(.crashesOnWheat(test, message: message))
      } else if test.status == .failed {
        findings.append(.failsOnWheat(test))
      }
    }
    if wheat.ending == .timedOut { findings.append(.timedOut(running: wheat.hung, seconds: seconds)) }
    if wheat.ending == .flooded { findings.append(.outputFlood(running: wheat.hung)) }
    if wheatTests.isEmpty, findings.isEmpty { findings.append(.noLearnerTests) }

    // Honest tests pass by design, not by luck: on every timing wheat, and in every repeated run.
    if findings.isEmpty {
      for (timingWheat, job) in timingWheats {
        for test in own(job) where test.status == .failed || job.crashes[test.id] != nil {
          findings.append(.failsOnTimingWheat(test, timingWheat))
        }
        for test in job.hung where owns(test) {
          findings.append(.failsOnTimingWheat(test, timingWheat))
        }
      }
      var tally: [String: (test: TestOutcome, runs: Int, failed: Int)] = [:]
      for job in repeated {
        for test in own(job) {
          var entry = tally[test.id] ?? (test, 0, 0)
          let crashed = job.crashes[test.id] != nil
          entry.runs += test.runs + (crashed ? 1 : 0)
          entry.failed += test.failedRuns + (crashed ? 1 : 0)
          if test.failedRuns > 0 || crashed { entry.test = test }
          tally[test.id] = entry
        }
      }
      for test in wheatTests {
        guard let entry = tally[test.id], entry.failed > 0 else { continue }
        findings.append(.flaky(entry.test, passed: entry.runs - entry.failed, runs: entry.runs))
      }
      if let flakiness = spec.flakiness {
        let failedChecks = findings.count
        checks.append(CheckEntry(
          name: "your tests pass \(flakiness.runs) runs and \(timingWheats.count) other timing\(timingWheats.count == 1 ? "" : "s") of a correct implementation",
          status: failedChecks == 0 ? .pass : .fail,
          message: failedChecks == 0 ? nil : findings.compactMap(\.shortDescription).joined(separator: "\n")))
      }
    }
    let valid = findings.isEmpty
    checks.append(CheckEntry(
      name: "your tests pass against a correct implementation", status: valid ? .pass : .fail,
      message: valid ? nil : findings.compactMap(\.shortDescription).joined(separator: "\n")))
    guard valid else {
      return TaskResult(taskNumber: task.number, status: findings.contains(where: \.isGradingError) ? .error : .fail, findings: findings, checks: checks)
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
      let finding = Finding.shapeMissing(test: name, shape: shape, testMissing: test == nil)
      if !ok { findings.append(finding) }
      checks.append(CheckEntry(name: "\(name) should \(shape.wants)", status: ok ? .pass : .fail, message: ok ? nil : finding.shortDescription))
    }

    // Tags: exactly the named test functions carry each tag.
    for (tag, names) in spec.tags.sorted(by: { $0.key < $1.key }) {
      let carrying = Set(wheatTests.filter { $0.tags.contains(tag) }.map(\.name))
      let wanted = Set(names)
      let ok = carrying == wanted
      if !ok {
        findings.append(.wrongTags(tag: tag, missing: wanted.subtracting(carrying).sorted(), extra: carrying.subtracting(wanted).sorted()))
      }
      checks.append(CheckEntry(
        name: "exactly \(names.sorted().joined(separator: ", ")) carry the tag .\(tag)", status: ok ? .pass : .fail,
        message: ok ? nil : findings.last?.shortDescription))
    }

    if let needed = spec.minimumCases {
      let found = wheatTests.filter(\.isParameterized).map(\.caseCount).max() ?? 0
      if found < needed { findings.append(.tooFewCases(needed: needed, found: found)) }
      checks.append(CheckEntry(
        name: "a parameterized test runs at least \(needed) cases", status: found >= needed ? .pass : .fail,
        message: found >= needed ? nil : found == 0 ? "no test is parameterized yet" : "the most cases one test ran was \(found)"))
    }

    if spec.namedCases {
      let unnamed = wheatTests.filter(\.isParameterized).compactMap { test in
        test.caseNames.first(where: Self.isDefaultDescription).map { (test, $0) }
      }
      for (test, example) in unnamed { findings.append(.unnamedCases(test, example: example)) }
      checks.append(CheckEntry(
        name: "every case of a parameterized test has a name of its own", status: unnamed.isEmpty ? .pass : .fail,
        message: unnamed.first.map { "the cases of \($0.0.displayName) show as \($0.1)" }))
    }

    // Thorough: every chaff makes at least one test fail, in the way the task asks.
    var caught = 0
    for (chaff, job) in zip(spec.chaffs, chaffs) {
      let tests = own(job)
      let cleanFailures = tests.filter { $0.status == .failed && job.crashes[$0.id] == nil }
      // A data race ThreadSanitizer reports, or a bad exit after the tests, is caught as surely as a failed expectation.
      let exitedBadly = if case .abnormalExit = job.ending { true } else { false }
      let crashed = tests.contains { job.crashes[$0.id] != nil } || exitedBadly || !job.sanitizerReports.isEmpty
      let mostIssues = cleanFailures.map(\.failures.count).max() ?? 0
      // A run that says nothing (the grader's trouble, a time limit, endless output) never catches a chaff.
      let undecided: Undecided? = switch job.ending {
      case .infrastructure(let reason): .infrastructure(reason)
      case .didNotStart(let reason): .didNotStart(reason)
      case .timedOut: .hung(tests: job.hung.filter(owns).map(\.displayName), seconds: seconds)
      case .flooded: .flooded
      default: nil
      }
      var finding: Finding?
      if crashed && chaff.mustNotCrash == true {
        // Any crash counts against it, even beside a clean failure: a crash
        // takes every test still running in the process down with it.
        finding = .chaffCaughtOnlyByCrash(chaff)
      } else if cleanFailures.isEmpty && !crashed, let undecided {
        finding = .chaffUndecided(chaff, reason: undecided)
      } else if cleanFailures.isEmpty && !crashed {
        finding = .chaffMissed(chaff)
      } else if let needed = chaff.minimumIssues, mostIssues < needed {
        finding = .chaffNeedsMoreIssues(chaff, needed: needed, found: mostIssues)
      }
      if let finding {
        findings.append(finding)
      } else {
        caught += 1
      }
      checks.append(CheckEntry(
        name: "catches a bug: \(chaff.misconception)", status: finding == nil ? .pass : .fail,
        message: finding?.shortDescription))
    }
    findings.insert(.chaffsCaught(caught: caught, total: spec.chaffs.count), at: 0)
    let failed = findings.contains { if case .chaffsCaught = $0 { false } else { true } }
    return TaskResult(taskNumber: task.number, status: failed ? .fail : .pass, findings: findings, checks: checks)
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
    _ task: LessonTask, spec: LessonTask.Compiles, owned: [(path: String, text: String)], refusals: [Refusal] = [],
    swift6: [Diagnostic], moduleErrors: [Diagnostic]?, misuses: [MisuseCheck]
  ) -> TaskResult {
    var findings: [Finding] = []
    var checks: [CheckEntry] = []

    // Promises the compiler stops checking silence it instead of fixing the design.
    findings += refusals.map(Finding.refused)
    let ownedPaths = Set(owned.map(\.path))
    let relevant = swift6.filter { !$0.isWarning || (isConcurrencyGroup($0.group) && ownedPaths.contains($0.path ?? "")) }
    for diagnostic in relevant {
      findings.append(.concurrencyDiagnostic(diagnostic, explanation: diagnostic.group.flatMap { spec.explanations[$0] }))
    }
    checks.append(CheckEntry(
      name: "compiles in Swift 6 mode with no concurrency diagnostics", status: findings.isEmpty ? .pass : .fail,
      message: findings.isEmpty ? nil : findings.compactMap(\.shortDescription).joined(separator: "\n")))

    if let moduleErrors, relevant.isEmpty {
      // Not even Swift 5 mode compiles it: the errors are not about concurrency.
      findings.append(.compileErrors(moduleErrors))
    }

    for check in misuses {
      let lines = check.source.split(separator: "\n", omittingEmptySubsequences: false)
      let marked = (lines.firstIndex { $0.contains("// misuse") } ?? 0) + 1
      let code = lines.indices.contains(marked - 1) ? lines[marked - 1].split(separator: "//").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" : ""
      var finding: Finding?
      if let said = check.diagnostics {
        let rejected = said.contains { $0.line == marked && $0.group == check.misuse.group }
        if said.isEmpty {
          finding = .misuseAccepted(path: check.path, line: marked, code: code, group: check.misuse.group, explanation: spec.explanations[check.misuse.group])
        } else if !rejected {
          finding = .misuseRejectedOtherwise(path: check.path, line: marked, group: check.misuse.group, said: said)
        }
      } else if moduleErrors == nil {
        finding = .infrastructure("\(check.path) could not be compiled")
      }
      if let finding { findings.append(finding) }
      checks.append(CheckEntry(
        name: "the compiler rejects \(check.path):\(marked) with [#\(check.misuse.group)]", status: finding == nil ? .pass : .fail,
        message: finding?.shortDescription))
    }
    let status: TaskResult.Status = findings.isEmpty ? .pass : findings.contains(where: \.isGradingError) ? .error : .fail
    return TaskResult(taskNumber: task.number, status: status, findings: findings, checks: checks)
  }
}

extension Finding {
  /// A one-line account, for machine-readable messages.
  var shortDescription: String? {
    switch self {
    case .testFailed(let test): "\(test.displayName): \(test.failures.first?.summary ?? "failed")"
    case .testCrashed(let test, let message): "\(test.displayName) crashed: \(message)"
    case .testSkipped(let test, let comment): "\(test.displayName) was skipped" + (comment.map { " (\($0))" } ?? "") + "; every test of the task must run"
    case .timedOut(let running, let seconds):
      "stopped after \(seconds) s" + (running.isEmpty ? "" : "; still running: \(running.map(\.displayName).joined(separator: ", "))")
    case .outputFlood(let running):
      "stopped for printing without end" + (running.isEmpty ? "" : "; running: \(running.map(\.displayName).joined(separator: ", "))")
    case .compileErrors(let errors): errors.first.map { "\($0.location ?? "build"): error: \($0.message)" }
    case .waitsFor(let files): "graded once \(files.joined(separator: ", ")) compile\(files.count == 1 ? "s" : "")"
    case .unavailable(let text), .infrastructure(let text): text
    case .noCanonicalTests(let names): "no test named \(names.joined(separator: ", ")) was found"
    case .rejectedFile(let path, let reason): "\(path) was not graded: it \(reason)"
    case .voidRun(let problems): "the test run's report does not add up, so none of it counts: \(problems.prefix(3).joined(separator: "; "))"
    case .runFailed(let message): "the tests could not run: \(message)"
    case .abnormalExit(let message): message
    case .dataRace(let report): "ThreadSanitizer reported a data race: " + report.split(separator: "\n").joined(separator: " | ")
    case .chaffUndecided(let chaff, let reason): "not caught: \(chaff.misconception) (\(reason.words))"
    case .concurrencyDiagnostic(let diagnostic, _):
      "\(diagnostic.location ?? "build"): \(diagnostic.isWarning ? "warning" : "error"): \(diagnostic.message)" + (diagnostic.group.map { " [#\($0)]" } ?? "")
    case .refused(let refusal): "\(refusal.location): \(refusal.reason)"
    case .unreadable(let path): "\(path) could not be read with the compiler's parser, so it was not run"
    case .shapeMissing(let test, let shape, let testMissing):
      testMissing ? "there is no test named \(test) any more: keep it, and it should \(shape.wants)" : "\(test) should \(shape.wants)"
    case .wrongTags(let tag, let missing, let extra):
      "the tag .\(tag) " + [missing.isEmpty ? nil : "is missing on \(missing.joined(separator: ", "))", extra.isEmpty ? nil : "should not be on \(extra.joined(separator: ", "))"].compactMap { $0 }.joined(separator: " and ")
    case .misuseAccepted(let path, let line, let code, let group, _):
      "your API lets \(path):\(line) compile (\(code)); the compiler should reject it with [#\(group)]"
    case .misuseRejectedOtherwise(let path, let line, let group, let said):
      "\(path):\(line) should be rejected with [#\(group)]; the compiler said: " + said.prefix(2).map { "\($0.location ?? ""): \($0.message)" + ($0.group.map { " [#\($0)]" } ?? "") }.joined(separator: "; ")
    case .flaky(let test, let passed, let runs): "\(test.displayName) passed \(passed) of \(runs) runs against a correct implementation"
    case .failsOnTimingWheat(let test, let wheat): "\(test.displayName) fails against a correct implementation that \(wheat.description)"
    case .noLearnerTests: "no tests found in your files yet"
    case .failsOnWheat(let test): "\(test.displayName) fails against a correct implementation: \(test.failures.first?.summary ?? "")"
    case .crashesOnWheat(let test, let message): "\(test.displayName) crashes against a correct implementation: \(message)"
    case .tooFewCases(let needed, let found): "needs a parameterized test with at least \(needed) cases; the most was \(found)"
    case .notRunAfterCrash(let count): "\(count) more test\(count == 1 ? "" : "s") did not run after a crash"
    case .unnamedCases(let test, let example): "the cases of \(test.displayName) show as Swift's default description, such as \(example)"
    case .chaffMissed(let chaff): "missed: \(chaff.misconception)"
    case .chaffCaughtOnlyByCrash(let chaff): "crashed instead of failing on: \(chaff.misconception)"
    case .chaffNeedsMoreIssues(let chaff, let needed, let found):
      "on \(chaff.misconception): one test should report \(needed == 2 ? "both" : "all \(needed)") problems, the most was \(found)"
    case .chaffsCaught: nil
    }
  }
}
