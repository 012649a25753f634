import GradeProcesses
import GradeWire

/// How a process ended, in words: the one place that names exit statuses and signals.
package enum TerminationWords {
  /// The ending as a clause, such as "the process was killed by signal 11 (SIGSEGV, a bad memory access)".
  package static func sentence(_ termination: ProcessOutcome.Termination) -> String {
    switch termination {
    case .exited(let code): BoxWire.Exit(rawValue: code).flatMap(runnerEnding) ?? "the process exited with status \(code)"
    case .signaled(let signal): "the process was killed by signal \(signal) (\(signalName(signal)))"
    case .timedOut: "the time limit ran out"
    case .outputLimitExceeded: "the process printed more than the grader keeps"
    case .cancelled: "the grader stopped it, its result no longer wanted"
    }
  }

  /// What the runner's own exit statuses say, where they say more than a number.
  private static func runnerEnding(_ exit: BoxWire.Exit) -> String? {
    switch exit {
    case .passed, .failed: nil
    case .cannotLoadTests: "the test program could not load the tests (status \(exit.rawValue)); swift run grade check-setup says whether this machine can run them"
    case .noEntryPoint: "this toolchain's Swift Testing has no entry point for tools (status \(exit.rawValue)); the grader needs Swift 6.3 or later"
    case .cannotConfine: "the box could not confine the run, so it did not run (status \(exit.rawValue)); swift run grade check-setup says what this machine allows"
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
