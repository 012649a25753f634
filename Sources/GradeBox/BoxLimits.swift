import GradeCatalog

/// The limits on one graded run, the same for every run of a grading.
///
/// Each has a default that an honest lesson never comes near; `--timeout`
/// changes the time, and the README lists the rest.
public struct BoxLimits: Sendable, Equatable, Codable {
  /// Wall-clock time for one run of a test binary.
  public var seconds: Int
  /// Address space of every process in the run, in bytes (`RLIMIT_AS`).
  public var memoryBytes: Int
  /// Processes and threads in the run at once (a PID namespace's `pid_max`, Linux 6.14 or later).
  public var processes: Int
  /// The largest file a run may write, in bytes (`RLIMIT_FSIZE`).
  public var fileSizeBytes: Int
  /// Open file descriptors per process (`RLIMIT_NOFILE`).
  public var openFiles: Int
  /// The size of the run's scratch `/tmp`, in bytes.
  public var scratchBytes: Int

  /// Creates limits; the defaults are the grader's.
  public init(
    seconds: Int = 60, memoryBytes: Int = 4 << 30, processes: Int = 512, fileSizeBytes: Int = 64 << 20,
    openFiles: Int = 1024, scratchBytes: Int = 128 << 20
  ) {
    self.seconds = seconds
    self.memoryBytes = memoryBytes
    self.processes = processes
    self.fileSizeBytes = fileSizeBytes
    self.openFiles = openFiles
    self.scratchBytes = scratchBytes
  }

  /// The time limit of one run that asks for `asked` seconds (a task's own limit, or none):
  /// what it asks, never more than these limits allow. The one place this rule is written.
  public func seconds(asked: Int?) -> Int { min(asked ?? seconds, seconds) }

  /// The time limit of each run of `task`'s tests, or of a run that belongs to no task.
  package func seconds(for task: LessonTask?) -> Int { seconds(asked: task?.timeLimitSeconds) }

  /// The limits in one line, for a cache key and for the README's table.
  public var summary: String {
    "time=\(seconds)s memory=\(memoryBytes) processes=\(processes) file=\(fileSizeBytes) files=\(openFiles) tmp=\(scratchBytes)"
  }
}
