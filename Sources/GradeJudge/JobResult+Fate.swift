import GradeEvents
import GradeRun

// The rules that turn what a run did into a verdict live here, in Judge: Run only reports.

extension JobResult {
  /// What became of one test of a run. The one place that reads a test's events
  /// (`TestOutcome.status`), the crashes named (`crashes`) and the tests a limit stopped (`hung`)
  /// together.
  public enum Fate: Sendable, Equatable {
    /// It ended with no issues, or only known ones.
    case passed
    /// It ended with an issue that is not known.
    case failed
    /// The process died under it.
    case crashed(Crash)
    /// A trait skipped it; the comment says why.
    case skipped(String?)
    /// It was running when the time limit or endless output stopped the run.
    case hung
    /// It never ended for another reason: a crash elsewhere took the process down first.
    case cutShort

    /// Whether the test told its code apart from what it expects: it failed or crashed.
    public var isFailure: Bool {
      switch self {
      case .failed, .crashed: true
      default: false
      }
    }
  }

  /// What became of `test` in this run.
  public func fate(of test: TestOutcome) -> Fate {
    if let crash = crashes[test.id] { return .crashed(crash) }
    switch test.status {
    case .passed: return .passed
    case .failed: return .failed
    case .skipped(let comment): return .skipped(comment)
    case .interrupted, .notRun: return hung.contains { $0.id == test.id } ? .hung : .cutShort
    }
  }

  /// Of `runs` runs of the tests repeated in one process, how many failed; `nil` when the job
  /// ended with no verdict (`RunEnding.decides`). A crash or a race fails every run it reaches;
  /// otherwise a run failed when some test recorded an issue in it. The one rule for the soak
  /// of `grade check` and for `grade mutants`.
  package func failedRuns(of runs: Int) -> Int? {
    if !crashes.isEmpty || !sanitizerReports.isEmpty { return runs }
    guard ending.decides else { return nil }
    return Set(tests.flatMap(\.failedIterations)).count
  }
}

extension RunEnding {
  /// Whether the tests' results can decide a verdict: a stopped, void or unmade run decides nothing.
  public var decides: Bool {
    switch self {
    case .finished, .abnormalExit: true
    default: false
    }
  }
}
