import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a child process in its own process group, with a time limit and a cap on what it prints.
///
/// The whole group is killed at the limit, so a hung test binary or a compiler it
/// spawned never outlives the grader. Output past the cap is read and thrown away
/// rather than left in the pipe, so a test that prints forever cannot block.
public struct ProcessRunner: Sendable {
  /// The most output kept, in bytes.
  public var outputLimit: Int
  /// When a file watched with `run(..., watching:)` grows past this many bytes, the process is killed.
  public var watchedFileLimit: Int

  /// Creates a runner.
  public init(outputLimit: Int = 1 << 20, watchedFileLimit: Int = 64 << 20) {
    self.outputLimit = outputLimit
    self.watchedFileLimit = watchedFileLimit
  }

  /// Runs `arguments[0]`, found on `PATH`, and waits until it ends or `deadline` passes.
  ///
  /// - Parameters:
  ///   - arguments: The program and its arguments.
  ///   - directory: The working directory, or `nil` for the grader's own.
  ///   - environment: Variables added to the grader's environment.
  ///   - deadline: When to kill the process group.
  ///   - watching: A file the process writes (an event stream) that must not grow without bound.
  public func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    until deadline: ContinuousClock.Instant, watching watchedFile: URL? = nil
  ) throws(GradeError) -> ProcessOutcome {
    let start = ContinuousClock.now
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw .infrastructure("could not create a pipe: \(String(cString: strerror(errno)))") }
    let (readEnd, writeEnd) = (fds[0], fds[1])

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new process group, so that one kill reaches every process the child starts.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    let environmentStrings = merged.map { "\($0.key)=\($0.value)" }

    // Glibc's Swift module hides posix_spawn_file_actions_addchdir_np, so a
    // shell changes folder and then becomes the program with exec.
    let argv = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path] + arguments } ?? arguments

    var pid: pid_t = 0
    let status = withCStrings(argv) { cArguments in
      withCStrings(environmentStrings) { envp in
        posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, envp)
      }
    }
    close(writeEnd)
    guard status == 0 else {
      close(readEnd)
      throw .infrastructure("could not start \(arguments[0]): \(String(cString: strerror(status)))")
    }

    var collector = OutputCollector(limit: outputLimit)
    var termination: ProcessOutcome.Termination?
    var exitStatus: Int32 = 0
    var pollDescriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    var pipeOpen = true

    while termination == nil {
      if pipeOpen, poll(&pollDescriptor, 1, 20) > 0 {
        pipeOpen = collector.drain(readEnd)
      } else if !pipeOpen {
        usleep(20_000)
      }
      if waitpid(pid, &exitStatus, WNOHANG) == pid {
        termination = Self.termination(fromWaitStatus: exitStatus)
        break
      }
      if ContinuousClock.now >= deadline {
        termination = .timedOut
      } else if collector.discarded > outputLimit * 16 || watchedFile.map(fileSize) ?? 0 > watchedFileLimit {
        termination = .outputLimitExceeded
      }
      if termination != nil {
        kill(-pid, SIGKILL)
        waitpid(pid, &exitStatus, 0)
      }
    }
    // Whatever the child left running in its group goes too, so the pipe reaches end of file.
    kill(-pid, SIGKILL)
    let drainDeadline = ContinuousClock.now + .seconds(1)
    while pipeOpen, ContinuousClock.now < drainDeadline {
      if poll(&pollDescriptor, 1, 20) > 0 { pipeOpen = collector.drain(readEnd) }
    }
    close(readEnd)

    let elapsed = ContinuousClock.now - start
    return ProcessOutcome(
      termination: termination ?? .exited(-1), output: collector.text,
      outputWasTruncated: collector.discarded > 0,
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  /// Decodes a `waitpid` status without the C macros, which Swift cannot import.
  static func termination(fromWaitStatus status: Int32) -> ProcessOutcome.Termination {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
  }
}

/// Keeps the first `limit` bytes a pipe delivers and counts the rest.
private struct OutputCollector {
  var limit: Int
  var kept: [UInt8] = []
  var discarded = 0

  /// Reads what is available; returns `false` at end of file.
  mutating func drain(_ descriptor: Int32) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count <= 0 { return count < 0 && errno == EINTR }
    let room = max(0, limit - kept.count)
    kept.append(contentsOf: buffer[0..<min(room, count)])
    discarded += max(0, count - room)
    return true
  }

  var text: String { String(decoding: kept, as: UTF8.self) }
}

private func fileSize(_ url: URL) -> Int {
  var info = stat()
  return stat(url.path, &info) == 0 ? Int(info.st_size) : 0
}

/// Calls `body` with a NULL-terminated array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
  let pointers = strings.map { strdup($0) } + [nil]
  defer { pointers.forEach { free($0) } }
  return body(pointers)
}
