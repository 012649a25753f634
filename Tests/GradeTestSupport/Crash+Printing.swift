import GradeEvents
import GradeProcesses

extension Crash {
  /// The crash of a run that trapped after printing `output` (a `Fatal error` line, say).
  package static func printing(_ output: String) -> Crash {
    Crash(ProcessOutcome(termination: .signaled(4), output: output))
  }
}
