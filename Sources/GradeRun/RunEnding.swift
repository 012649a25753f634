import GradeEvents
import GradeProcesses
import GradeResults

/// How a job's runs ended: the one model of it.
///
/// A job is one or more runs of a program (a crash is named by running the
/// tests again alone). Its ending is the most telling of its runs' endings, in
/// the order of the cases below, most telling last: a run the grader could not
/// make says more than one that hung, which says more than one that finished.
/// Whether its result may be cached for the next grading (`cacheable`) is Run's
/// rule, here; whether its tests decide anything is Judge's (`decides`).
public enum RunEnding: Sendable, Equatable, Codable {
  /// Every test reported an end: the tests' verdicts stand, crashes included.
  case finished
  /// Every test ended, and then the process exited with a status of its own, or a signal ended it.
  case abnormalExit(ProcessOutcome.Termination)
  /// The tests printed without end and were stopped.
  case flooded
  /// The time limit stopped the run.
  case timedOut
  /// The program stopped before any test ran.
  case didNotStart(Crash)
  /// The run's own report does not add up (a record nobody framed, a test that never ended): none of it counts.
  case void([StreamProblem])
  /// The grader could not make the run.
  case infrastructure(GradingProblem)

  /// Whether the result may be answered from the job cache next time: what a limit or the
  /// machine cut short may come out otherwise. (A hang the tests own is cached by the grader's
  /// own rule, `JobList.Job.caches`.)
  public var cacheable: Bool {
    switch self {
    case .finished, .abnormalExit, .void: true
    default: false
    }
  }

  /// How telling the ending is, for choosing between two runs' endings.
  var rank: Int {
    switch self {
    case .finished: 0
    case .abnormalExit: 1
    case .flooded: 2
    case .timedOut: 3
    case .didNotStart: 4
    case .void: 5
    case .infrastructure: 6
    }
  }

  /// The more telling of two endings; two void reports keep both reports' problems.
  func merged(with other: RunEnding) -> RunEnding {
    if case .void(let mine) = self, case .void(let theirs) = other { return .void(mine + theirs) }
    return other.rank > rank ? other : self
  }
}
