import GradeResults
import GradeRun

extension Undecided {
  /// Why a job that ended so decides nothing, or `nil` when its tests decide (`RunEnding.decides`).
  ///
  /// - Parameters:
  ///   - hung: The display names of the tests a time limit stopped.
  ///   - seconds: The time limit of each run.
  public init?(_ ending: RunEnding, hung: [String] = [], seconds: Int = 0) {
    switch ending {
    case .finished, .abnormalExit: return nil
    case .infrastructure(let reason): self = .infrastructure(reason)
    case .didNotStart(let crash): self = .didNotStart(crash)
    case .timedOut: self = .hung(tests: hung, seconds: seconds)
    case .flooded: self = .flooded
    case .void(let problems): self = .void(problems)
    }
  }
}
