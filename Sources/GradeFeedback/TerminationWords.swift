import GradeProcesses

/// How a process ended, in words: the one place that names exit statuses and signals.
package enum TerminationWords {
  /// The ending as a clause, such as "the process was killed by signal 11 (SIGSEGV, a bad memory access)".
  package static func sentence(_ termination: ProcessOutcome.Termination) -> String {
    switch termination {
    case .exited(let code): "the process exited with status \(code)"
    case .signaled(let signal): "the process was killed by signal \(signal) (\(signalName(signal)))"
    case .timedOut: "the time limit ran out"
    case .outputLimitExceeded: "the process printed more than the grader keeps"
    case .cancelled: "the grader stopped it, its result no longer wanted"
    }
  }

  private static func signalName(_ signal: Int32) -> String {
    switch signal {
    case 4: "SIGILL, a Swift runtime trap such as fatalError or a force unwrap of nil"
    case 5: "SIGTRAP, a Swift runtime trap"
    case 6: "SIGABRT"
    case 9: "SIGKILL, often the memory limit"
    case 11: "SIGSEGV, a bad memory access"
    case 24: "SIGXCPU, the CPU-time limit"
    case 25: "SIGXFSZ, a file over the size limit"
    default: "signal \(signal)"
    }
  }
}
