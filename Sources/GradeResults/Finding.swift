import GradeCatalog
import GradeEvents
import GradeProcesses

/// One thing the grader learned about a task, before it is put into words.
///
/// Every report words findings the same way (`Finding.words(in:)`), so no two
/// can disagree about what happened. Stored results hold findings: a change to a
/// case's name or its values changes `StoredFormat.version`.
public enum Finding: Sendable, Equatable, Codable {
  /// A canonical test failed; the issues are as Swift Testing expanded them.
  case testFailed(TestOutcome)
  /// A test crashed the process.
  case testCrashed(TestOutcome, Crash)
  /// A canonical test was skipped, which no test of a task may be.
  case testSkipped(TestOutcome, comment: String?)
  /// The time limit stopped the run while these tests were running.
  case timedOut(running: [TestOutcome], seconds: Int)
  /// The tests printed so much that the run was stopped; these were running.
  case outputFlood(running: [TestOutcome])
  /// The task's code does not compile.
  case compileErrors([Diagnostic])
  /// The task cannot be graded until these files, another task's, compile.
  case waitsFor(files: [String])
  /// The task cannot be graded from these files.
  case unavailable(Unavailability)
  /// Something around the tests failed: the grader's trouble or the workbook's.
  case infrastructure(GradingProblem)
  /// No test of the task's own was found: a catalog or file naming mistake.
  case noCanonicalTests([String])
  /// An owned file was not graded: a link, a file outside the folder, too large, not UTF-8, missing.
  case rejectedFile(path: String, rejection: FileRejection)
  /// The run's own report does not add up (a test that never reported an end, one
  /// reported twice or never announced), so none of it counts.
  case voidRun([StreamProblem])
  /// The test binary stopped before any test ran.
  case runFailed(Crash)
  /// Every test ended, and then the process exited with a status of its own, or a signal ended it.
  case abnormalExit(ProcessOutcome.Termination)
  /// ThreadSanitizer reported a data race while the tests ran; the report, trimmed.
  case dataRace(String)

  // Findings of any task, about the learner's files before anything ran.

  /// A learner's file holds what the lesson's rules refuse (`CodeRules`); it was not run.
  case refused(Refusal)
  /// A learner's file could not be read with the compiler's parser, so it was not run.
  case unreadable(path: String)

  // Findings of a task the compiler grades.

  /// The learner's module does not compile in Swift 6 mode, or warns about concurrency.
  case concurrencyDiagnostic(Diagnostic, explanation: String?)
  /// A misuse of the learner's API compiled, and the compiler should have rejected it.
  case misuseAccepted(path: String, line: Int, code: String, group: String, explanation: String?)
  /// A misuse was rejected, but not at its marked line with the expected group.
  case misuseRejectedOtherwise(path: String, line: Int, group: String, said: [Diagnostic])

  // Findings of a task where the learner writes tests.

  /// The learner's files hold no tests yet.
  case noLearnerTests
  /// A tag is missing on tests that should carry it, or on tests that should not.
  case wrongTags(tag: String, missing: [String], extra: [String])
  /// A test the task names does not carry what the task asks of it, or is not there at all.
  case shapeMissing(test: String, shape: TestShape, testMissing: Bool)
  /// A learner's test failed against the correct implementation.
  case failsOnWheat(TestOutcome)
  /// A learner's test crashed against the correct implementation.
  case crashesOnWheat(TestOutcome, Crash)
  /// A learner's test failed some of many runs against the correct implementation: it passes by luck.
  case flaky(TestOutcome, passed: Int, runs: Int)
  /// A learner's test failed, crashed or hung on another correct implementation: it checks
  /// something the code never promised.
  case overSpecified(TestOutcome, LessonTask.Wheat)
  /// A learner's test failed against a correct implementation with other timing.
  case failsOnTimingWheat(TestOutcome, LessonTask.Wheat)
  /// A learner's test failed, crashed or hung against the solution with its events delivered
  /// late, by machine: it waits for time, not for the event.
  case waitsForTime(TestOutcome)
  /// A test left without a result once enough crashes were named: each crash stops the process.
  case notRunAfterCrash(TestOutcome)
  /// No parameterized test ran enough cases.
  case tooFewCases(needed: Int, found: Int)
  /// Cases of a parameterized test show as Swift's default description of their argument.
  case unnamedCases(TestOutcome, example: String)
  /// Every learner test passed against this chaff.
  case chaffMissed(Chaff)
  /// A learner's test crashed on this chaff, which must make tests fail cleanly.
  case chaffCaughtOnlyByCrash(Chaff)
  /// The run against this chaff ended without a verdict (a time limit, endless output,
  /// a run that could not start), which never counts as catching it.
  case chaffUndecided(Chaff, reason: Undecided)
  /// The learner's tests caught this chaff but reported fewer issues than it has.
  case chaffNeedsMoreIssues(Chaff, needed: Int, found: Int)
  /// Every learner test passed against this kept mutant.
  case mutantSurvived(MutantChange)
  /// The run against this kept mutant ended without a verdict.
  case mutantUndecided(MutantChange, reason: Undecided)

  /// The learner's files are still the starter's, which fails every task: the lesson was not graded.
  case notStarted
}

extension Finding {
  /// Whether the finding is the grader's or the workbook's problem rather than the learner's.
  package var isInfrastructure: Bool {
    switch self {
    case .infrastructure, .noCanonicalTests: true
    default: false
    }
  }

  /// Whether the finding means the task could not be graded at all, rather than failed.
  package var isGradingError: Bool {
    switch self {
    case .unavailable, .voidRun, .runFailed: true
    default: isInfrastructure
    }
  }
}
