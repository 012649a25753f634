import Foundation
import GradeCatalog
import GradeWire
import Synchronization

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
///
/// A test binary's event stream comes back on a second pipe, the child's
/// descriptor 3 (`capturingEvents`), so it never lands in a file a test could find;
/// what a run must know (`configuration`) goes in on a third, descriptor 4.
///
/// Standard output and standard error are one transcript by default, as a
/// terminal shows them. A caller that uses standard output as data (a file
/// `git show` prints, JSON) asks for `.separate` streams, so that nothing the
/// program says on standard error (a trace, a warning) ends up in the data.
public struct Spawner: Sendable {
  /// The most output kept, in bytes; past 16 times this much the process is stopped.
  public var outputLimit: Int
  /// The most event-stream bytes read from descriptor 3; past it the process is stopped.
  public var eventLimit: Int

  /// Creates a runner.
  public init(outputLimit: Int = 1 << 20, eventLimit: Int = 64 << 20) {
    self.outputLimit = outputLimit
    self.eventLimit = eventLimit
  }

  /// Whether standard error joins standard output or is kept apart.
  public enum Streams: Sendable {
    /// One transcript of both, in the order written: for reading what happened.
    case merged
    /// Standard output alone is `output`; standard error is `errorOutput`.
    case separate
  }

  /// What the child sees as its environment.
  public enum Environment: Sendable {
    /// The grader's own environment, with these variables added or replaced.
    case inherited(adding: [String: String])
    /// Exactly these variables and nothing of the grader's.
    case exactly([String: String])
  }

  /// Pipes are made and handed to a child under this lock, and every descriptor is
  /// marked close-on-exec before the lock is released, so one job's child never
  /// holds another job's pipe open (which made concurrent jobs wait on each other).
  private static let spawnLock = Mutex(())

  /// Runs `arguments[0]`, found on `PATH`, and waits until it ends or `deadline` passes.
  ///
  /// - Parameters:
  ///   - arguments: The program and its arguments.
  ///   - directory: The working directory, or `nil` for the grader's own.
  ///   - environment: What the child's environment is.
  ///   - deadline: When to kill the process group.
  ///   - streams: Whether standard error joins standard output.
  ///   - capturingEvents: Give the child a pipe as descriptor 3 and return what it writes there.
  ///   - configuration: Bytes the child reads from descriptor 4, a pipe closed after them.
  ///   - cancellation: Kills the process group, within 20 ms, once set.
  public func run(
    _ arguments: [String], in directory: URL? = nil, environment: Environment = .inherited(adding: [:]),
    until deadline: ContinuousClock.Instant, streams: Streams = .merged, capturingEvents: Bool = false,
    configuration: Data? = nil, cancellation: Cancellation? = nil
  ) throws(GradeError) -> ProcessOutcome {
    let start = ContinuousClock.now
    var environmentStrings: [String]
    switch environment {
    case .inherited(let added):
      var merged = ProcessInfo.processInfo.environment
      merged.merge(added) { _, new in new }
      environmentStrings = merged.map { "\($0.key)=\($0.value)" }
    case .exactly(let variables):
      environmentStrings = variables.map { "\($0.key)=\($0.value)" }
    }
    environmentStrings.sort()

    // Glibc's Swift module hides posix_spawn_file_actions_addchdir_np, so a
    // shell changes folder and then becomes the program with exec.
    let argv = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path] + arguments } ?? arguments

    let spawned: (pid: pid_t, output: Int32, errors: Int32?, events: Int32?) = try Self.spawnLock.withLock { _ throws(GradeError) in
      var opened: [Int32] = []
      func pipe() throws(GradeError) -> (read: Int32, write: Int32) {
        do {
          let made = try Self.makePipe()
          opened += [made.read, made.write]
          return made
        } catch {
          for descriptor in opened { close(descriptor) }
          throw error
        }
      }
      let output = try pipe()
      let errors = streams == .separate ? try pipe() : nil
      let events = capturingEvents ? try pipe() : nil
      let input = configuration == nil ? nil : try pipe()
      if let input, let configuration {
        // The configuration is small (a pipe holds 64 KiB), so it is written whole before the child starts.
        guard configuration.count <= 60_000, Self.writeAll(configuration, to: input.write) else {
          for descriptor in opened { close(descriptor) }
          throw .infrastructure("could not hand a run its configuration")
        }
        close(input.write)
      }
      #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
      #else
        var actions = posix_spawn_file_actions_t()
      #endif
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, output.write, 1)
      posix_spawn_file_actions_adddup2(&actions, errors?.write ?? output.write, 2)
      if let events {
        // dup2 clears close-on-exec on the copy, so descriptor 3 reaches the child.
        posix_spawn_file_actions_adddup2(&actions, events.write, BoxWire.eventsDescriptor)
      }
      if let input { posix_spawn_file_actions_adddup2(&actions, input.read, BoxWire.ordersDescriptor) }

      #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
      #else
        var attributes = posix_spawnattr_t()
      #endif
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      // A new process group, so that one kill reaches every process the child starts.
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)

      var pid: pid_t = 0
      let status = withCStrings(argv) { cArguments in
        withCStrings(environmentStrings) { envp in
          posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, envp)
        }
      }
      close(output.write)
      if let errors { close(errors.write) }
      if let events { close(events.write) }
      if let input { close(input.read) }
      guard status == 0 else {
        close(output.read)
        if let errors { close(errors.read) }
        if let events { close(events.read) }
        throw .infrastructure("could not start \(arguments[0]): \(String(cString: strerror(status)))")
      }
      return (pid, output.read, errors?.read, events?.read)
    }

    var output = PipeCollector(descriptor: spawned.output, keep: outputLimit)
    var errors = spawned.errors.map { PipeCollector(descriptor: $0, keep: outputLimit) }
    var events = spawned.events.map { PipeCollector(descriptor: $0, keep: eventLimit) }
    var termination: ProcessOutcome.Termination?
    var exitStatus: Int32 = 0
    // wait4, not waitpid: its usage is the child's CPU with that of every descendant it waited for.
    var usage = rusage()

    var anyOpen: Bool { output.open || errors?.open == true || events?.open == true }
    // Once every pipe has closed, the child is ending: its exit is looked for after 0.25 ms,
    // then twice as long each time, up to 20 ms. A fixed 20 ms cost most runs 20 ms, as a
    // process closes its pipes a moment before it can be waited for.
    var closedWait: UInt32 = 250
    func pump(milliseconds: Int32) {
      var descriptors = [pollfd(fd: output.open ? output.descriptor : -1, events: Int16(POLLIN), revents: 0)]
      descriptors.append(pollfd(fd: errors?.open == true ? errors!.descriptor : -1, events: Int16(POLLIN), revents: 0))
      descriptors.append(pollfd(fd: events?.open == true ? events!.descriptor : -1, events: Int16(POLLIN), revents: 0))
      guard anyOpen else {
        // Doubled only up to the poll's own wait: a child that closes its pipes and lives on
        // (a test that closes its output and hangs, a compile starved of the CPU) waits here
        // until its limit, and a doubling without a bound overflowed within half a second.
        let most = UInt32(milliseconds) * 1000
        usleep(min(closedWait, most))
        closedWait = min(closedWait, most) * 2
        return
      }
      if poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 {
        if descriptors[0].revents != 0 { output.drain() }
        if descriptors[1].revents != 0 { errors?.drain() }
        if descriptors[2].revents != 0 { events?.drain() }
      }
    }

    while termination == nil {
      pump(milliseconds: 20)
      if wait4(spawned.pid, &exitStatus, WNOHANG, &usage) == spawned.pid {
        termination = Self.termination(fromWaitStatus: exitStatus)
        break
      }
      if ContinuousClock.now >= deadline {
        termination = .timedOut
      } else if cancellation?.isCancelled == true {
        termination = .cancelled
      } else if output.discarded + (errors?.discarded ?? 0) > outputLimit * 16 || (events?.discarded ?? 0) > 0 {
        termination = .outputLimitExceeded
      }
      if termination != nil {
        kill(-spawned.pid, SIGKILL)
        wait4(spawned.pid, &exitStatus, 0, &usage)
      }
    }
    // Whatever the child left running in its group goes too, so the pipes reach end of file.
    kill(-spawned.pid, SIGKILL)
    let drainDeadline = ContinuousClock.now + .seconds(1)
    while anyOpen, ContinuousClock.now < drainDeadline {
      pump(milliseconds: 20)
    }
    output.shut()
    errors?.shut()
    events?.shut()

    let elapsed = ContinuousClock.now - start
    var outcome = ProcessOutcome(
      termination: termination ?? .exited(-1), output: output.text,
      outputWasTruncated: output.discarded > 0,
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      events: events.map { Data($0.kept) })
    outcome.cpuSeconds = Self.seconds(usage.ru_utime) + Self.seconds(usage.ru_stime)
    outcome.outputBytes = Data(output.kept)
    outcome.errorOutput = errors?.text ?? ""
    return outcome
  }

  /// Copies the file at `source` to a new file at `url` that a process will run, `padding`
  /// after its bytes, with `mode`, under the lock children are started under.
  ///
  /// Linux refuses to run a file that any process has open for writing ("Text file busy").
  /// A child started while this process has the file open would hold that descriptor until
  /// it runs its own program, so the file is written, and closed, where no child can start.
  /// The kernel copies the bytes there (`sendfile`), so the lock is held for as short a time as
  /// it can be: a grading copies a program for every run, and each copy waits for the one before.
  public static func copyProgram(_ source: URL, to url: URL, appending padding: Data = Data(), mode: mode_t) -> Bool {
    let input = open(source.path, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { return false }
    defer { close(input) }
    var status = stat()
    guard fstat(input, &status) == 0 else { return false }
    return spawnLock.withLock { _ in
      let output = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      guard output >= 0 else { return false }
      defer { close(output) }
      return copyAll(Int(status.st_size), from: input, to: output) && writeAll(padding, to: output)
    }
  }

  /// Copies `count` bytes from `input`'s offset to `output`: in the kernel where it can, else
  /// through a buffer. `false` when `input` ends first or a write fails.
  private static func copyAll(_ count: Int, from input: Int32, to output: Int32) -> Bool {
    var left = count
    #if os(Linux)
      // Each call moves the input's offset on, so the loop below goes on from where this one stops.
      while left > 0 {
        let sent = sendfile(output, input, nil, left)
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { break }
        left -= sent
      }
    #endif
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while left > 0 {
      let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, min(left, $0.count)) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0, buffer.withUnsafeBytes({ BoxWire.writeAll(UnsafeRawBufferPointer(rebasing: $0.prefix(got)), to: output) }) else {
        return false
      }
      left -= got
    }
    return true
  }

  /// Writes every byte of `data` to `descriptor`; `false` when the pipe would not take them.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { BoxWire.writeAll($0, to: descriptor) }
  }

  /// A pipe whose two ends are close-on-exec and numbered 10 or above. Call only under `spawnLock`.
  ///
  /// A child's descriptors 1 to 4 are copied from pipes like these; were a pipe's end itself
  /// numbered 3 or 4, copying another pipe onto that number first would close it.
  private static func makePipe() throws(GradeError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw .infrastructure("could not create a pipe: \(String(cString: strerror(errno)))") }
    let high = fds.map { descriptor -> Int32 in
      let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
      close(descriptor)
      return moved
    }
    guard high.allSatisfy({ $0 >= 10 }) else {
      for descriptor in high where descriptor >= 0 { close(descriptor) }
      throw .infrastructure("could not create a pipe: \(String(cString: strerror(errno)))")
    }
    return (high[0], high[1])
  }

  /// A `timeval`'s seconds, with their fraction.
  static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

  /// Decodes a `waitpid` status without the C macros, which Swift cannot import.
  static func termination(fromWaitStatus status: Int32) -> ProcessOutcome.Termination {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
  }
}

/// Keeps the first `keep` bytes a pipe delivers and counts the rest.
private struct PipeCollector {
  var descriptor: Int32
  var keep: Int
  var kept: [UInt8] = []
  var discarded = 0
  var open = true

  init(descriptor: Int32, keep: Int) {
    self.descriptor = descriptor
    self.keep = keep
  }

  /// Reads what is available; marks the pipe closed at end of file.
  mutating func drain() {
    guard open else { return }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { return }
    if count <= 0 {
      open = false
      return
    }
    let room = max(0, keep - kept.count)
    kept.append(contentsOf: buffer[0..<min(room, count)])
    discarded += max(0, count - room)
  }

  mutating func shut() {
    if descriptor >= 0 { _ = close(descriptor) }
    descriptor = -1
    open = false
  }

  /// The bytes as text; invalid UTF-8 (a kill in the middle of a character) becomes U+FFFD.
  var text: String { String(decoding: kept, as: UTF8.self) }
}

/// Calls `body` with a NULL-terminated array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
  let pointers = strings.map { strdup($0) } + [nil]
  defer { pointers.forEach { free($0) } }
  return body(pointers)
}
