import Foundation

/// How a child process ended, and what it printed.
public struct ProcessOutcome: Sendable, Equatable {
  /// How the process stopped.
  public enum Termination: Sendable, Equatable, Codable {
    /// It exited by itself with this status.
    case exited(Int32)
    /// A signal ended it (a crash: `SIGILL` from `fatalError`, `SIGSEGV`, `SIGABRT`).
    case signaled(Int32)
    /// It ran past its time limit and the grader killed its process group.
    case timedOut
    /// It wrote more than the grader keeps and was killed.
    case outputLimitExceeded
    /// Its caller no longer wanted it (`Cancellation`) and the grader killed its process group.
    case cancelled
  }

  /// How the process stopped.
  public var termination: Termination
  /// Standard output, with standard error unless they were kept apart, at most the runner's limit.
  public var output: String
  /// The bytes of `output`, as the process wrote them: what a caller saves as a file.
  public var outputBytes = Data()
  /// Standard error, when the runner kept it apart from standard output.
  public var errorOutput = ""
  /// Whether `output` was cut at the limit.
  public var outputWasTruncated: Bool
  /// Wall-clock seconds from start to end.
  public var seconds: Double
  /// The seconds of CPU the process and every descendant it waited for used, user and system:
  /// with `seconds`, how much of a core it kept busy. 0 when unknown.
  public var cpuSeconds: Double = 0

  /// What the process wrote to descriptor 3, when the runner captured it.
  public var events: Data?

  /// Whether the process exited with status 0.
  public var succeeded: Bool { termination == .exited(0) }

  /// Creates an outcome.
  public init(
    termination: Termination, output: String, outputWasTruncated: Bool = false, seconds: Double = 0, events: Data? = nil
  ) {
    self.events = events
    self.termination = termination
    self.output = output
    self.outputWasTruncated = outputWasTruncated
    self.seconds = seconds
    self.outputBytes = Data(output.utf8)
  }
}
