import Foundation

/// Runs one test binary as untrusted code: limits in, a report out that the binary cannot write.
///
/// In the spirit of ioi/isolate. On Linux, where the kernel lets an
/// unprivileged user make namespaces, each run gets its own: no network, a
/// PID namespace whose every process dies with the run (`setsid` children
/// included), and a file system that shows only the system's folders and the
/// toolchain, read-only, with a fresh `/tmp` and the run's scratch folder as
/// the only places it can write. The binary and its library always sit at the
/// same paths, `/box/bin`, and the environment is always the same, so nothing
/// a test can observe says which variant of the code it was linked against.
/// Elsewhere, runs still get the limits, a minimal environment and their own
/// folder, and `isolation.notice` says what is off.
public struct Box: Sendable {
  /// The limits on every run.
  public var limits: BoxLimits
  /// What this machine lets the box do.
  public var isolation: Isolation
  /// Starts the processes.
  public var runner: ProcessRunner
  /// Where run folders are made and removed again.
  public var scratchParent: URL
  /// Whether the binaries are built for ThreadSanitizer.
  public var threadSanitizer: Bool

  /// Creates a box.
  public init(limits: BoxLimits, isolation: Isolation, runner: ProcessRunner, scratchParent: URL, threadSanitizer: Bool = false) {
    self.limits = limits
    self.isolation = isolation
    self.runner = runner
    self.scratchParent = scratchParent
    self.threadSanitizer = threadSanitizer
  }

  /// Runs `binary` with `library` beside it under its own file name, and returns how it
  /// ended, what it printed, and the event stream it wrote to descriptor 3.
  ///
  /// - Parameter seconds: A time limit shorter than the box's, for this run alone.
  public func run(_ binary: URL, library: URL?, arguments: [String], seconds: Int? = nil) throws(GradeError) -> ProcessOutcome {
    let seconds = min(seconds ?? limits.seconds, limits.seconds)
    let run = scratchParent.appending(path: UUID().uuidString)
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: run.appending(path: "root"), withIntermediateDirectories: true)
      try manager.createDirectory(at: run.appending(path: "work"), withIntermediateDirectories: true)
    } catch {
      throw .infrastructure("cannot make a run folder in \(scratchParent.path): \(error.localizedDescription)")
    }
    defer { try? manager.removeItem(at: run) }

    // ThreadSanitizer reserves terabytes of address space, so its runs go without an address-space limit.
    let limitWords = ["/usr/bin/prlimit"] + (threadSanitizer ? [] : ["--as=\(limits.memoryBytes)"]) + [
      "--fsize=\(limits.fileSizeBytes)", "--nofile=\(limits.openFiles)", "--core=0", "--cpu=\(seconds + 5)", "--",
    ]
    var environment = BoxEnvironment.words
    if threadSanitizer {
      // ThreadSanitizer sleeps a second before every exit by default (atexit_sleep_ms), to catch
      // races with threads still running then; a test run has ended its tests by that point.
      environment.append("TSAN_OPTIONS=atexit_sleep_ms=0:external_symbolizer_path=\(isolation.toolchain)/bin/llvm-symbolizer")
    }
    let command: [String]
    if isolation.namespaces {
      let root = run.appending(path: "root")
      let table = run.appending(path: "mounts")
      let fileSystem = BoxRoot(
        toolchain: isolation.toolchain, binary: binary, library: library, work: run.appending(path: "work"),
        scratchBytes: limits.scratchBytes)
      do {
        try fileSystem.makeSkeleton(at: root)
        try Data(fileSystem.table(root: root).utf8).write(to: table)
      } catch {
        throw .infrastructure("cannot make a run's file system in \(run.path): \(error.localizedDescription)")
      }
      command = [
        "unshare", "--user", "--map-root-user", "--mount", "--pid", "--net", "--ipc", "--uts", "--fork", "--kill-child",
        "--", "/bin/sh", "-c", BoxScript.namespaced, "box", table.path, root.path, "\(limits.processes)",
      ] + limitWords + ["/usr/bin/env", "-i"] + environment + ["/box/bin/tests"] + arguments
    } else {
      let limited = manager.isExecutableFile(atPath: "/usr/bin/prlimit") ? limitWords : []
      command = ["/bin/sh", "-c", BoxScript.plain, "box", run.path, binary.path, library?.path ?? ""]
        + limited + ["/usr/bin/env", "-i"] + environment + [run.appending(path: "bin/tests").path] + arguments
    }
    return try runner.run(
      command, environment: .exactly(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]),
      until: .now + .seconds(seconds), capturingEvents: true)
  }
}
