/// Puts results into words a learner can act on: which task, what was expected, what came, the next hint.
public struct FeedbackRenderer: Sendable {
  /// Colour or plain.
  public var style: Style
  /// How many failing tests to show per task before summarizing the rest.
  public var failuresShown = FeedbackRenderer.failuresShownByDefault
  /// How many failing tests of a task feedback shows unless told otherwise.
  public static let failuresShownByDefault = 3
  /// How many compiler errors to show.
  public var errorsShown = 5
  /// How many missed bugs to name at once.
  public var chaffsShown = 2
  /// Whether this copy of the workbook has `Solutions/` to compare with (a released copy has not).
  public var solutionsShipped = true

  /// Creates a renderer.
  public init(style: Style) {
    self.style = style
  }

  /// The full feedback for one lesson.
  ///
  /// - Parameter hintLevels: How many hints the learner has asked for, by task number.
  public func lesson(_ lesson: Lesson, _ result: LessonResult, hintLevels: [Int: Int] = [:]) -> String {
    let mapper = LocationMapper(lesson: lesson)
    var lines = [style.bold("Lesson \(lesson.number): \(lesson.title)") + style.dim("  (\(lesson.slug))")]
    if !result.ignoredEdits.isEmpty {
      lines.append("  " + style.yellow("!") + " You edited files the workbook owns; they were graded as handed out: " + result.ignoredEdits.joined(separator: ", "))
    }
    if let error = result.lessonError {
      // Nothing in the lesson was graded, so one message says why, once.
      return (lines + ["  " + style.yellow("!") + " Could not grade this lesson: " + error]).joined(separator: "\n")
    }
    for task in lesson.tasks {
      guard let taskResult = result.tasks.first(where: { $0.taskNumber == task.number }) else { continue }
      let mark = taskResult.status == .pass ? style.green("✔") : style.red("✘")
      lines.append("  \(mark) Task \(task.number)  \(task.title)")
      guard taskResult.status != .pass else { continue }
      // Five tests crashing on one stub say no more than three do; a list of every bug
      // still missed reads as a checklist, so a few at a time.
      let perTest = taskResult.findings.filter(\.isAboutOneTest)
      let perChaff = taskResult.findings.filter(\.isAboutOneChaff)
      let hidden = max(0, perTest.count - failuresShown)
      let hiddenChaffs = max(0, perChaff.count - chaffsShown)
      var shown = 0
      var shownChaffs = 0
      for finding in Self.hangsFirst(taskResult.findings) {
        if finding.isAboutOneTest {
          shown += 1
          if shown > failuresShown { continue }
        }
        if finding.isAboutOneChaff {
          shownChaffs += 1
          if shownChaffs > chaffsShown { continue }
        }
        if case .notRunAfterCrash = finding { continue }  // After the failing tests it follows, below.
        lines += describe(finding, of: task, mapper: mapper).map { "      " + $0 }
      }
      if hidden > 0 {
        lines.append("      ...and \(hidden) more failing test\(hidden == 1 ? "" : "s") (swift run grade \(lesson.number) --format json lists them all)")
      }
      for finding in taskResult.findings {
        if case .notRunAfterCrash = finding { lines += describe(finding, of: task, mapper: mapper).map { "      " + $0 } }
      }
      if hiddenChaffs > 0 {
        lines.append("      ...and \(hiddenChaffs) more bug\(hiddenChaffs == 1 ? "" : "s") to catch once these are caught")
      }
      // A task that only waits for another's file would show a hint about nothing the learner can do yet.
      let waits = taskResult.findings.contains { if case .waitsFor = $0 { true } else { false } }
      if !waits, let hint = hint(for: task, level: hintLevels[task.number] ?? 1) {
        lines.append("      " + style.yellow(hint))
      }
    }
    lines.append("")
    let done = result.passedCount
    if done == lesson.tasks.count {
      lines.append(
        style.green("Lesson \(lesson.number) is done: all \(done) tasks pass.")
          + (solutionsShipped ? " Compare with Solutions/\(lesson.folder)/ when you like." : ""))
    } else {
      // Advertise a next hint only while the first unfinished task has one left.
      let next = lesson.tasks.first { task in result.tasks.first { $0.taskNumber == task.number }?.status != .pass }
      let more = next.map { (hintLevels[$0.number] ?? 1) < $0.hints.count } ?? false
      lines.append("\(done) of \(lesson.tasks.count) tasks done." + (more ? " Next hint: swift run grade hint \(lesson.number)" : ""))
    }
    return lines.joined(separator: "\n")
  }

  /// One line per lesson, and a bar for the whole workbook.
  public func overview(_ results: [(Lesson, LessonResult)]) -> String {
    var lines = [style.bold("Progress")]
    let width = results.map(\.0.slug.count).max() ?? 0
    for (lesson, result) in results {
      let mark = result.passed ? style.green("✔") : result.status == .error ? style.yellow("!") : style.red("✘")
      let number = lesson.number < 10 ? " \(lesson.number)" : "\(lesson.number)"
      let padded = lesson.slug.padding(toLength: width, withPad: " ", startingAt: 0)
      var line = "  \(mark) \(number)  \(padded)  \(result.passedCount)/\(lesson.tasks.count) tasks"
      if let error = result.lessonError { line += style.dim("  (\(error.split(separator: "\n").first ?? ""))") }
      if result.notStarted { line += style.dim("  (not started)") }
      lines.append(line)
    }
    let total = results.reduce(0) { $0 + $1.0.tasks.count }
    let done = results.reduce(0) { $0 + $1.1.passedCount }
    let filled = total == 0 ? 0 : done * 30 / total
    lines.append("  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] \(done) of \(total) tasks")
    return lines.joined(separator: "\n")
  }

  /// The hint at `level` (from 1) with its place on the ladder, or `nil` when the task has none.
  public func hint(for task: LessonTask, level: Int) -> String? {
    guard !task.hints.isEmpty else { return nil }
    let index = min(max(level, 1), task.hints.count) - 1
    return "Hint \(index + 1) of \(task.hints.count): \(task.hints[index])"
  }

  /// `findings` with the bugs the tests hang on first among the missed bugs, everything else
  /// in place: until such a wait is bounded, every grading waits it out.
  static func hangsFirst(_ findings: [Finding]) -> [Finding] {
    let chaffs = findings.filter(\.isAboutOneChaff)
    let ordered = chaffs.filter { if case .chaffUndecided = $0 { true } else { false } }
      + chaffs.filter { if case .chaffUndecided = $0 { false } else { true } }
    var next = ordered.makeIterator()
    return findings.map { $0.isAboutOneChaff ? next.next()! : $0 }
  }

  /// The lines for one finding, without indentation.
  func describe(_ finding: Finding, of task: LessonTask, mapper: LocationMapper) -> [String] {
    switch finding {
    case .testFailed(let test):
      return failedTest(test, mapper: mapper)
    case .testSkipped:
      return ["✘ " + (finding.shortDescription ?? "") + "."]
    case .testCrashed(let test, let message):
      return [style.red("✘ ") + quoted(test) + " crashed" + at(mapper.location(of: test)), "    " + mapper.fatalMessage(message)]
    case .timedOut(let running, let seconds):
      let names = running.map(quoted).joined(separator: ", ")
      return ["✘ Stopped after \(seconds) s (set the limit with --timeout)." + (running.isEmpty ? "" : " Still running: \(names)."),
              "    Look for a loop that never ends, or an await on something that never comes (a continuation never resumed)."]
    case .outputFlood(let running):
      let names = running.map(quoted).joined(separator: ", ")
      return ["✘ Stopped: the tests printed more than the grader keeps, without end." + (running.isEmpty ? "" : " Still running: \(names)."),
              "    Look for a print inside a loop that never finishes."]
    case .compileErrors(let errors):
      var lines = ["✘ Does not compile:"]
      lines += errors.prefix(errorsShown).map { "    " + ($0.location.map { style.dim($0) + ": " } ?? "") + "error: " + $0.message }
      if errors.count > errorsShown { lines.append("    ...and \(errors.count - errorsShown) more errors") }
      return lines
    case .waitsFor(let files):
      return ["… Graded once " + files.joined(separator: ", ") + (files.count == 1 ? " compiles" : " compile") + " (see the error above)."]
    case .unavailable(let reason):
      return ["! Not graded here: \(reason)."]
    case .infrastructure(let message):
      return ["! Could not grade: \(message)"]
    case .noCanonicalTests(let names):
      return ["! The catalog names tests that do not exist: \(names.joined(separator: ", ")). This is the workbook's mistake; please report it."]
    case .rejectedFile(let path, let reason):
      return ["✘ \(path) was not graded: it \(reason)."]
    case .voidRun(let problems):
      return ["✘ The test run's own report does not add up, so none of its results count:"]
        + problems.prefix(3).map { "    " + $0 }
        + ["    Something in the test process wrote to its event stream or ended it early (exit, _exit)."]
    case .runFailed(let message):
      return ["! The tests could not start: \(message)"]
    case .abnormalExit(let message):
      return ["✘ \(message)."]
    case .dataRace(let report):
      return ["✘ ThreadSanitizer saw a data race: two threads touched the same memory, at least one writing, with nothing ordering them."]
        + report.split(separator: "\n").map { "    " + $0 }
    case .chaffUndecided(let chaff, let reason):
      var lines = ["✘ Not caught: code that \(chaff.misconception). On it, \(reason.words); a run stopped that way catches nothing."]
      if case .hung = reason {
        lines.append("    A test that waits for something this code never does must bound its wait (a timeout), so it fails instead of hanging.")
      }
      return lines
    case .refused(let refusal):
      return ["✘ " + style.dim(refusal.location) + ": " + refusal.reason + ".", "    The file was not run: fix this first."]
    case .unreadable(let path):
      return ["! " + path + " could not be read with the compiler's parser, so it was not run. Check that it compiles."]
    case .wrongTags, .shapeMissing:
      return ["✘ " + (finding.shortDescription ?? "") + "."]
    case .noLearnerTests:
      // Which file: a lesson has several test files, and the repository's Tests/ is not the learner's.
      let files = task.files.map { "Lessons/\(mapper.lesson.folder)/\($0)" }.joined(separator: ", ")
      return ["✘ No tests yet: add @Test functions to \(files)."]
    case .failsOnWheat(let test):
      return ["✘ Your tests must pass against a correct implementation, but this one fails:"] + failedTest(test, mapper: mapper).map { "  " + $0 }
    case .crashesOnWheat(let test, let message):
      return ["✘ Your tests must pass against a correct implementation, but " + quoted(test) + " crashes" + at(mapper.location(of: test)),
              "    " + mapper.fatalMessage(message)]
    case .concurrencyDiagnostic(let diagnostic, let explanation):
      var lines = ["✘ " + (diagnostic.location.map { style.dim($0) + ": " } ?? "") + (diagnostic.isWarning ? "warning: " : "error: ")
        + diagnostic.message + (diagnostic.group.map { " [#\($0)]" } ?? "")]
      if let explanation { lines.append("    " + explanation) }
      return lines
    case .misuseAccepted(let path, let line, let code, let group, let explanation):
      return ["✘ Your API lets this misuse compile: " + style.dim("\(path):\(line)") + "  \(code)",
              "    The compiler should reject it with [#\(group)]."] + (explanation.map { ["    " + $0] } ?? [])
    case .misuseRejectedOtherwise(let path, let line, let group, let said):
      return ["✘ " + style.dim("\(path):\(line)") + " should be rejected with [#\(group)], but the compiler said:"]
        + said.prefix(3).map { "    " + ($0.location.map { style.dim($0) + ": " } ?? "") + $0.message + ($0.group.map { " [#\($0)]" } ?? "") }
    case .flaky(let test, let passed, let runs):
      return ["✘ " + quoted(test) + " passed \(passed) of \(runs) runs against a correct implementation" + at(mapper.location(of: test)) + ": it passes by luck.",
              "    A test like that usually waits with Task.yield() or a sleep, or checks right after starting work it does not await.",
              "    Wait for the event itself: a continuation the callback resumes, a confirmation around work you await, an injected clock."]
        + test.failures.prefix(1).map { "    One failing run: " + $0.message }
    case .failsOnTimingWheat(let test, let wheat):
      return ["✘ " + quoted(test) + " fails against a correct implementation that \(wheat.description)" + at(mapper.location(of: test)) + ".",
              "    Your test assumes when things happen. Wait for the event itself, not for a number of suspensions or a length of time."]
        + test.failures.prefix(1).map { "    " + $0.message }
    case .notRunAfterCrash(let count):
      return ["...and \(count) more test\(count == 1 ? "" : "s") not run: a crash stops every test still to come. Fix the crash, then grade again."]
    case .tooFewCases(let needed, let found):
      return ["✘ Write a parameterized test with at least \(needed) cases (@Test(arguments:)); " + (found == 0 ? "none of your tests is parameterized yet." : "the most cases one test ran was \(found).")]
    case .unnamedCases(let test, let example):
      return ["✘ The cases of " + quoted(test) + " show as Swift's default description, such as \(example)" + at(mapper.location(of: test)) + ".",
              "    Conform the argument's type to CustomTestStringConvertible, with a testDescription that says what each case checks."]
    case .chaffsCaught(let caught, let total):
      let line = "Your tests pass against a correct implementation and catch \(caught) of \(total) bugs."
      return [(caught == total ? style.green("✔ ") : "") + line]
    case .chaffMissed(let chaff):
      return ["✘ Not caught: code that \(chaff.misconception)."]
    case .chaffCaughtOnlyByCrash(let chaff):
      return ["✘ A test crashed instead of failing on code that \(chaff.misconception). Unwrap with try #require so the test stops cleanly."]
    case .chaffNeedsMoreIssues(let chaff, let needed, let found):
      let all = needed == 2 ? "both wrong values" : "all \(needed) wrong values"
      return ["✘ On code that \(chaff.misconception), one test should report \(all); yours reported \(found). Check each value with its own #expect."]
    }
  }

  private func failedTest(_ test: TestOutcome, mapper: LocationMapper) -> [String] {
    var lines = [style.red("✘ ") + quoted(test) + at(test.failures.first.flatMap(mapper.location(of:)) ?? mapper.location(of: test))]
    for issue in test.failures.prefix(failuresShown) {
      let testCase = issue.testCase.map { "with \($0): " } ?? ""
      lines.append("    " + testCase + issue.message)
      lines += issue.comments.map { "    // " + $0 }
    }
    if test.failures.count > failuresShown { lines.append("    ...and \(test.failures.count - failuresShown) more issues") }
    return lines
  }

  private func quoted(_ test: TestOutcome) -> String {
    test.displayName == test.name ? test.name : "\"\(test.displayName)\""
  }

  private func at(_ location: String?) -> String {
    location.map { "  " + style.dim($0) } ?? ""
  }
}

extension Finding {
  /// Whether the finding is about one bug the learner's tests did not catch.
  var isAboutOneChaff: Bool {
    switch self {
    case .chaffMissed, .chaffUndecided, .chaffCaughtOnlyByCrash, .chaffNeedsMoreIssues: true
    default: false
    }
  }

  /// Whether the finding reports one test, so that long lists of them can be cut short.
  var isAboutOneTest: Bool {
    switch self {
    case .testFailed, .testCrashed, .testSkipped, .failsOnWheat, .crashesOnWheat, .flaky, .failsOnTimingWheat: true
    default: false
    }
  }
}
