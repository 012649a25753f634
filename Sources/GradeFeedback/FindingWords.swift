import GradeCatalog
import GradeEvents
import GradeResults

/// A finding put into words: a mark, a headline, and lines of detail under it.
public struct Words: Sendable, Equatable {
  /// How a finding shows in the feedback's margin.
  public enum Mark: String, Sendable {
    /// Something the learner's work got wrong: ✘.
    case failed = "✘"
    /// Something the learner cannot fix alone (the grader's trouble, the workbook's mistake): !.
    case notice = "!"
    /// Graded later, once something else is fixed: ….
    case waiting = "…"
  }

  /// The finding's mark.
  public var mark: Mark
  /// One line that says what was found.
  public var headline: String
  /// Lines under the headline: the test's issues, the compiler's errors, what to do.
  public var details: [String] = []

  /// The headline and details as one text, for reports that have no margin (JSON, CSV, JUnit).
  public var text: String { ([headline] + details).joined(separator: "\n") }
}

/// What wording a finding needs beyond the finding: the lesson it is about, and how much to show.
public struct Wording: Sendable {
  /// Colour for a terminal, or none for every other report.
  public var style: Style
  /// Turns the compiler's file IDs into the paths the learner opens.
  public var mapper: LocationMapper
  /// The task the finding is about, for the files it asks the learner to change.
  public var task: LessonTask?
  /// How many issues of one failing test to show.
  public var issuesShown: Int
  /// How many compiler errors to show.
  public var errorsShown: Int
  /// How many issues of a test that fails on correct code to show, in every report alike.
  public var issuesOnCorrectCodeShown = Wording.issuesOnCorrectCodeShownByDefault
  /// The kept mutants (by `MutantChange.id`) to name exactly, with the code changed and its
  /// line; every other one is named by its kind and function only (`MutantChange.outline`).
  ///
  /// A learner earns the exact words by grading again with the mutant still alive, or by
  /// asking (`grade hint`), which their hint state remembers. `nil` for a report with no
  /// learner's history behind it (JSON, class grading, autograde): the outline only, and no
  /// promise of more.
  public var exactMutants: Set<String>?
  /// Enough for a strict mock's complaints and the test's own failing expectations together,
  /// few enough that a test failing in a loop does not fill the screen.
  public static let issuesOnCorrectCodeShownByDefault = 8

  /// What makes a test of the task pass by luck (`LessonTask.Flakiness.cause`), which says
  /// what its feedback asks for.
  var luck: LessonTask.Flakiness.Cause {
    guard case .writeTests(let spec) = task?.kind else { return .timing }
    return spec.flakiness?.cause ?? .timing
  }

  /// What a task whose tests share state asks for.
  /// What feedback says in place of the issues of a test whose values are withheld
  /// (`TestOutcome.valuesWithheld`).
  public static let valuesWithheld =
    "It fails there; where grades count, feedback shows no value a test computed on a correct version other than the solution."

  /// Why tests after a crash have no result, and what to do: said of one test or of several.
  static let crashStops = "a crash stops every test still to come. Fix the crash, then grade again."

  static let serialize =
    "Serialize shared state: put .serialized on the suite that holds every test touching it, and let each test set up the state it relies on."

  /// Whether `change` is named exactly: its exact words are earned, or say no more than its outline.
  func namesExactly(_ change: MutantChange) -> Bool {
    !change.hasExactWords || exactMutants?.contains(change.id) == true
  }

  /// Said under a mutant named by its kind only, where the learner's history can earn more:
  /// where its exact words come from.
  func exactLater(_ change: MutantChange) -> [String] {
    guard exactMutants != nil, !namesExactly(change) else { return [] }
    return ["If your next grading still lets it live, or you ask (swift run grade hint), you see the exact change and its line."]
  }

  /// A wording for `lesson`; reports other than the terminal's show every issue and error.
  public init(lesson: Lesson, task: LessonTask? = nil, style: Style = Style(colored: false), issuesShown: Int = .max, errorsShown: Int = .max) {
    self.style = style
    self.mapper = LocationMapper(lesson: lesson)
    self.task = task
    self.issuesShown = issuesShown
    self.errorsShown = errorsShown
  }
}

extension Finding {
  /// The finding in words: the one place each finding is worded, for the terminal and for
  /// every report the grader writes.
  public func words(in wording: Wording) -> Words {
    let style = wording.style
    let mapper = wording.mapper
    func quoted(_ test: TestOutcome) -> String { test.displayName == test.name ? test.name : "\"\(test.displayName)\"" }
    func at(_ location: String?) -> String { location.map { "  " + style.dim($0) } ?? "" }
    func issues(of test: TestOutcome) -> [String] {
      if test.valuesWithheld { return [Wording.valuesWithheld] }
      var lines: [String] = []
      for issue in test.failures.prefix(wording.issuesShown) {
        lines.append((issue.testCase.map { "with \($0): " } ?? "") + issue.message)
        lines += issue.comments.map(IssueReport.shown)
      }
      if test.failures.count > wording.issuesShown { lines.append("...and " + Count.words(test.failures.count - wording.issuesShown, "more issue")) }
      return lines
    }
    // Every issue a test recorded on correct code, each at its own line of code when there are
    // several (one is where the headline points): a strict mock's complaint comes first in
    // time, and the test's own expectation must not hide behind it.
    func everyIssue(of test: TestOutcome) -> [String] {
      if test.valuesWithheld { return [Wording.valuesWithheld] }
      let cap = wording.issuesOnCorrectCodeShown
      let several = test.failures.count > 1
      var lines: [String] = []
      for issue in test.failures.prefix(cap) {
        lines.append((issue.testCase.map { "with \($0): " } ?? "") + issue.message + (several ? at(mapper.location(of: issue)) : ""))
        lines += issue.comments.map(IssueReport.shown)
      }
      if test.failures.count > cap { lines.append("...and " + Count.words(test.failures.count - cap, "more issue")) }
      return lines
    }
    func failedAt(_ test: TestOutcome) -> String { at(test.failures.first.flatMap(mapper.location(of:)) ?? mapper.location(of: test)) }
    func diagnostic(_ diagnostic: Diagnostic) -> String {
      (diagnostic.location.map { style.dim($0) + ": " } ?? "") + (diagnostic.isWarning ? "warning: " : "error: ") + diagnostic.message
        + (diagnostic.group.map { " [#\($0)]" } ?? "")
    }

    switch self {
    case .testFailed(let test):
      return Words(mark: .failed, headline: quoted(test) + failedAt(test), details: issues(of: test))
    case .testCrashed(let test, let crash):
      return Words(mark: .failed, headline: quoted(test) + " crashed" + at(mapper.location(of: test)), details: [mapper.words(for: crash)])
    case .testSkipped(let test, let comment):
      return Words(mark: .failed, headline: quoted(test) + " was skipped" + (comment.map { " (\($0))" } ?? "") + "; every test of the task must run.")
    case .timedOut(let running, let seconds):
      return Words(
        mark: .failed,
        headline: "Stopped after \(seconds) s (set the limit with --timeout)."
          + (running.isEmpty ? "" : " Still running: \(running.map(quoted).joined(separator: ", "))."),
        details: ["Look for a loop that never ends, or an await on something that never comes (a continuation never resumed)."])
    case .outputFlood(let running):
      return Words(
        mark: .failed,
        headline: "Stopped: the tests printed more than the grader keeps, without end."
          + (running.isEmpty ? "" : " Still running: \(running.map(quoted).joined(separator: ", "))."),
        details: ["Look for a print inside a loop that never finishes."])
    case .compileErrors(let errors):
      return Words(
        mark: .failed, headline: "Does not compile:",
        details: errors.prefix(wording.errorsShown).map(diagnostic)
          + (errors.count > wording.errorsShown ? ["...and " + Count.words(errors.count - wording.errorsShown, "more error")] : [])
          // The compiler refuses unsafe code in a learner's files (`Compiler.memorySafetyFlags`); say why once.
          + (errors.contains { $0.group == "StrictMemorySafety" }
            ? ["Unsafe pointers and memory are refused in your files: tests may not read the code's bytes or the test harness's memory, and the code under test has no need to."]
            : []))
    case .waitsFor(let files):
      return Words(mark: .waiting, headline: "Graded once " + files.joined(separator: ", ") + (files.count == 1 ? " compiles" : " compile") + " (see the error above).")
    case .unavailable(let reason):
      return Words(mark: .notice, headline: "Not graded here: \(reason.words).")
    case .infrastructure(let problem):
      return Words(mark: .notice, headline: "Could not grade: \(problem.words)")
    case .noCanonicalTests(let names):
      return Words(
        mark: .notice,
        headline: "The catalog names tests that do not exist: \(names.joined(separator: ", ")). This is the workbook's mistake; please report it.")
    case .rejectedFile(let path, let rejection):
      return Words(mark: .failed, headline: "\(path) was not graded: it \(rejection.words(lesson: mapper.lesson.number, task: wording.task?.number)).")
    case .voidRun(let problems):
      return Words(
        mark: .failed, headline: "The test run's own report does not add up, so none of its results count:",
        details: problems.prefix(3).map(\.words) + ["Something in the test process wrote to its event stream or ended it early (exit, _exit)."])
    case .runFailed(let crash):
      return Words(mark: .notice, headline: "The tests could not start: " + Undecided.startFailure(crash, mapper: mapper))
    case .abnormalExit(let termination):
      return Words(mark: .failed, headline: "Every test ended, then " + TerminationWords.sentence(termination) + ".")
    case .dataRace(let report):
      return Words(
        mark: .failed,
        headline: "ThreadSanitizer reported a data race: two threads touched the same memory, at least one writing, with nothing ordering them.",
        details: report.split(separator: "\n").map(String.init))
    case .refused(let refusal):
      // A design rule (a view's logic, a promise, a module left behind) leaves the file to run.
      return Words(
        mark: .failed, headline: style.dim(refusal.location) + ": " + refusal.reason + ".",
        details: refusal.blocksRunning ? ["The file was not run: fix this first."] : [])
    case .unreadable(let path):
      return Words(mark: .notice, headline: path + " could not be read with the compiler's parser, so it was not run. Check that it compiles.")
    case .concurrencyDiagnostic(let found, let explanation):
      return Words(mark: .failed, headline: diagnostic(found), details: explanation.map { [$0] } ?? [])
    case .misuseAccepted(let path, let line, let code, let group, let explanation):
      return Words(
        mark: .failed, headline: "Your API lets this misuse compile: " + style.dim("\(path):\(line)") + "  \(code)",
        details: ["The compiler should reject it with [#\(group)]."] + (explanation.map { [$0] } ?? []))
    case .misuseRejectedOtherwise(let path, let line, let group, let said):
      return Words(
        mark: .failed, headline: style.dim("\(path):\(line)") + " should be rejected with [#\(group)], but the compiler said:",
        details: said.prefix(3).map { ($0.location.map { style.dim($0) + ": " } ?? "") + $0.message + ($0.group.map { " [#\($0)]" } ?? "") })
    case .noLearnerTests:
      // Which file: a lesson has several test files, and the repository's Tests/ is not the learner's.
      let files = (wording.task?.files ?? []).map { WorkbookPath.file($0, of: mapper.lesson).relative }.joined(separator: ", ")
      return Words(mark: .failed, headline: "No tests yet: add @Test functions to \(files).")
    case .shapeMissing(let test, let shape, let testMissing):
      return Words(
        mark: .failed,
        headline: testMissing ? "There is no test named \(test) any more: keep it, and it should \(shape.wants)." : "\(test) should \(shape.wants).")
    case .wrongTags(let tag, let missing, let extra):
      let parts = [
        missing.isEmpty ? nil : "is missing on \(missing.joined(separator: ", "))", extra.isEmpty ? nil : "should not be on \(extra.joined(separator: ", "))",
      ]
      return Words(mark: .failed, headline: "The tag .\(tag) " + parts.compactMap { $0 }.joined(separator: " and ") + ".")
    case .failsOnWheat(let test):
      return Words(
        mark: .failed, headline: "Your tests must pass against a correct implementation, but \(quoted(test)) fails" + failedAt(test),
        details: everyIssue(of: test))
    case .crashesOnWheat(let test, let crash):
      return Words(
        mark: .failed,
        headline: "Your tests must pass against a correct implementation, but \(quoted(test)) crashes" + at(mapper.location(of: test)),
        details: [mapper.words(for: crash)])
    case .flaky(let test, let passed, let runs):
      let why: [String] = switch wording.luck {
      case .timing:
        [
          "A test like that usually waits with Task.yield() or a sleep, checks right after starting work it does not await, or expects an order that work running at the same time does not promise.",
          "Wait for the event itself: a continuation the callback resumes, a confirmation around work you await, an injected clock.",
        ]
      case .sharedState:
        [
          "Tests that share state (a shared instance, a static) run at the same time, so another test's calls land in the middle of this one's.",
          Wording.serialize,
        ]
      }
      return Words(
        mark: .failed,
        headline: quoted(test) + " passed " + Count.part(passed, of: runs, "run") + " against a correct implementation" + at(mapper.location(of: test)) + ": it passes by luck.",
        details: why + test.failures.prefix(1).map { "One failing run: " + $0.message })
    case .overSpecified(let test, let wheat):
      return Words(
        mark: .failed,
        headline: quoted(test) + " fails on correct code that \(wheat.description)" + at(mapper.location(of: test))
          + ": your test checks something the code does not promise.",
        details: ["Test what the doc comment promises, not how one implementation happens to do it."]
          + everyIssue(of: test))
    case .failsOnTimingWheat(let test, let wheat):
      let assumption = switch wording.luck {
      case .timing: "Your test assumes when things happen. Wait for the event itself, not for a number of suspensions or a length of time."
      case .sharedState: "Your test assumes no other test touches the shared state while it runs. " + Wording.serialize
      }
      return Words(
        mark: .failed,
        headline: quoted(test) + " fails against a correct implementation that \(wheat.description)" + at(mapper.location(of: test)) + ".",
        details: [assumption] + everyIssue(of: test))
    case .waitsForTime(let test):
      return Words(
        mark: .failed,
        headline: quoted(test) + " fails when the correct code's events come late" + at(mapper.location(of: test))
          + ": it waits for time, not for the event.",
        details: [
          "The grader ran your tests once more against the correct code, holding back its callbacks, resumes and tasks until every test waited for something. A test that suspends until the event comes passes there, just later; one that sleeps, spins on the clock or blocks with a timeout finds that nothing has happened yet.",
          "Wait for the event itself: a continuation the callback resumes, a confirmation around work you await, the values of its stream, the task's value.",
        ] + everyIssue(of: test))
    case .notRunAfterCrash(let test):
      return Words(mark: .failed, headline: quoted(test) + " did not run: " + Wording.crashStops)
    case .tooFewCases(let needed, let found):
      return Words(
        mark: .failed,
        headline: "Write a parameterized test with at least \(Count.words(needed, "case")) (@Test(arguments:)); "
          + (found == 0 ? "none of your tests is parameterized yet." : "the most cases one test ran was \(found)."))
    case .unnamedCases(let test, let example):
      return Words(
        mark: .failed,
        headline: "The cases of " + quoted(test) + " show as Swift's default description, such as \(example)" + at(mapper.location(of: test)) + ".",
        details: ["Conform the argument's type to CustomTestStringConvertible, with a testDescription that says what each case checks."])
    case .chaffMissed(let chaff):
      return Words(mark: .failed, headline: "Not caught: code that \(chaff.misconception).")
    case .chaffUndecided(let chaff, let reason):
      let hung = if case .hung = reason { true } else { false }
      return Words(
        mark: .failed,
        headline: "Not caught: code that \(chaff.misconception). On it, \(reason.words); a run stopped that way catches nothing.",
        details: hung ? ["A test that waits for something this code never does must bound its wait (a timeout), so it fails instead of hanging."] : [])
    case .chaffCaughtOnlyByCrash(let chaff):
      return Words(
        mark: .failed,
        headline: "A test crashed instead of failing on code that \(chaff.misconception). Unwrap with try #require so the test stops cleanly.")
    case .chaffNeedsMoreIssues(let chaff, let needed, let found):
      let all = needed == 2 ? "both wrong values" : "all \(needed) wrong values"
      return Words(
        mark: .failed,
        headline: "On code that \(chaff.misconception), one test should report \(all); yours reported \(found). Check each value with its own #expect.")
    case .mutantSurvived(let change):
      let exact = wording.namesExactly(change)
      return Words(
        mark: .failed, headline: "Not caught: your tests pass when \(exact ? change.words : change.outline).",
        details: ["Which promise of \(exact ? "the code" : change.declaration) does that change break? A test that checks it fails on the change."]
          + wording.exactLater(change))
    case .mutantUndecided(let change, let reason):
      let hung = if case .hung = reason { true } else { false }
      let exact = wording.namesExactly(change)
      return Words(
        mark: .failed,
        headline: "Not caught: the code where \(exact ? change.words : change.outline). On it, \(reason.words); a run stopped that way catches nothing.",
        details: (hung ? ["A test that waits for something this code never does must bound its wait (a timeout), so it fails instead of hanging."] : [])
          + wording.exactLater(change))
    case .notStarted:
      return Words(mark: .failed, headline: "Not started: your files are as handed out.")
    }
  }
}

extension Undecided {
  /// Why a program stopped before any test ran: how it ended, then the last of what it printed.
  static func startFailure(_ crash: Crash, mapper: LocationMapper?) -> String {
    let ending = mapper.map { $0.words(for: crash) } ?? crash.fatalError.map { ShownText.escaped($0.message, limit: ShownText.messageLimit) }
      ?? TerminationWords.sentence(crash.termination)
    let printed = ShownText.escaped(crash.output.suffix(300), limit: 300)
    return "the test binary stopped before any test ran: \(ending)" + (printed.isEmpty ? "" : " \(printed)")
  }

  /// The reason, completing "On it, ...".
  public var words: String {
    switch self {
    case .hung(let tests, let seconds):
      // Quoted: a display name is a sentence of its own ("On it, "A second withdrawal…" was …").
      (tests.isEmpty ? "your tests were" : tests.map { "\"\($0)\"" }.joined(separator: ", ") + (tests.count == 1 ? " was" : " were"))
        + " still running when the \(seconds) s time limit ran out"
    case .flooded: "your tests printed without end and were stopped"
    case .didNotStart(let crash): "the tests did not start: " + Self.startFailure(crash, mapper: nil)
    case .void(let problems): "the run's own report does not add up: " + problems.prefix(3).map(\.words).joined(separator: "; ")
    case .infrastructure(let problem): "the run could not be graded: \(problem.words)"
    }
  }
}

extension TaskResult {
  /// The headlines of what the task's checks found, joined by "; ": one line for a table cell.
  public func summary(in lesson: Lesson, limit: Int = .max) -> String {
    let wording = Wording(lesson: lesson, task: lesson.tasks.first { $0.number == taskNumber })
    return findings.prefix(limit).map { $0.words(in: wording).headline }.joined(separator: "; ")
  }

  /// What the task's checks found, in full, one finding after another.
  public func text(in lesson: Lesson) -> String {
    let wording = Wording(lesson: lesson, task: lesson.tasks.first { $0.number == taskNumber })
    return findings.map { $0.words(in: wording).text }.joined(separator: "\n")
  }
}
