import GradeResults
import GradeRun

extension Finding {
  /// What a run that had to pass says went wrong before or after its tests: the grader's
  /// trouble, a program that did not start, a bad exit; `nil` for any other ending, which each
  /// evaluator weighs in its own way (a time limit, endless output, a void report).
  init?(startOrExitOf ending: RunEnding) {
    switch ending {
    case .infrastructure(let problem): self = .infrastructure(problem)
    case .didNotStart(let failure): self = .runFailed(failure)
    case .abnormalExit(let exit): self = .abnormalExit(exit)
    default: return nil
    }
  }
}
