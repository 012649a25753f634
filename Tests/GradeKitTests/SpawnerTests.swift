import Foundation
@testable import GradeCatalog
@testable import GradeKit
@testable import GradeProcesses
import Testing

/// These start real, tiny processes: the runner's job is to control them.
@Suite("Running child processes under limits")
struct SpawnerTests {
  let spawner = Spawner(outputLimit: 1_000)

  @Test("Output and exit status come back")
  func exitStatus() throws {
    let outcome = try spawner.run(["/bin/sh", "-c", "echo hello; echo oops >&2; exit 3"], until: .now + .seconds(30))
    #expect(outcome.termination == .exited(3))
    #expect(outcome.output.contains("hello"))
    #expect(outcome.output.contains("oops"))
  }

  @Test("A process that closes its output and lives on is waited for until it exits, or until its limit")
  func closedOutputLivesOn() throws {
    // Once the pipes close, the exit is looked for ever less often, up to the poll's 20 ms:
    // with no bound, the wait overflowed and crashed the grader within half a second.
    let exits = try spawner.run(["/bin/sh", "-c", "exec >&- 2>&-; sleep 1.5; exit 4"], until: .now + .seconds(30))
    #expect(exits.termination == .exited(4))
    #expect(exits.seconds < 3, "looked for its exit every 20 ms at most: \(exits.seconds) s")
    let hangs = try spawner.run(["/bin/sh", "-c", "exec >&- 2>&-; sleep 600"], until: .now + .seconds(1))
    #expect(hangs.termination == .timedOut)
  }

  @Test("The CPU a process used comes back, with that of the children it waited for; a process that only waits used next to none")
  func cpuSeconds() throws {
    // The busy loop runs in a grandchild, which the shell waits for.
    let busy = try spawner.run(
      ["/bin/sh", "-c", "/bin/sh -c 'i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done'"], until: .now + .seconds(120))
    #expect(busy.succeeded)
    #expect(busy.cpuSeconds > 0.05, "\(busy.cpuSeconds) s of CPU in \(busy.seconds) s")
    #expect(busy.cpuSeconds <= busy.seconds * Double(SideBySide.cores) + 0.05)
    // A process that waits, stopped at the deadline.
    let waiting = try spawner.run(["/bin/sh", "-c", "sleep 600"], until: .now + .milliseconds(300))
    #expect(waiting.termination == .timedOut)
    #expect(waiting.cpuSeconds < busy.cpuSeconds / 4, "\(waiting.cpuSeconds) s of CPU while waiting")
  }

  @Test("With separate streams, output is stdout alone: a git trace on stderr never reaches a file made from it")
  func separateStreams() throws {
    let outcome = try spawner.run(
      ["/bin/sh", "-c", "echo trace: git show >&2; printf 'file contents'"], until: .now + .seconds(30), streams: .separate)
    #expect(outcome.output == "file contents")
    #expect(outcome.errorOutput.contains("trace: git show"))
  }

  @Test("A process that never ends is killed at the deadline, with its children")
  func timeout() throws {
    // The shell starts a grandchild that also holds the pipe open: the whole group must go.
    let outcome = try spawner.run(["/bin/sh", "-c", "sleep 600 & sleep 600"], until: .now + .milliseconds(300))
    #expect(outcome.termination == .timedOut)
    #expect(outcome.seconds < 30)
  }

  @Test("A cancelled run is killed with its children and says it was cancelled, long before its deadline")
  func cancelled() throws {
    let cancellation = Cancellation()
    cancellation.cancel()
    let outcome = try spawner.run(["/bin/sh", "-c", "sleep 600 & sleep 600"], until: .now + .seconds(600), cancellation: cancellation)
    #expect(outcome.termination == .cancelled)
    #expect(outcome.seconds < 30)
  }

  @Test("Output past the limit is cut, and endless output is stopped")
  func endlessOutput() throws {
    let outcome = try spawner.run(["/bin/sh", "-c", "yes"], until: .now + .seconds(60))
    #expect(outcome.termination == .outputLimitExceeded)
    #expect(outcome.output.utf8.count <= 1_000)
    #expect(outcome.outputWasTruncated)
  }

  @Test("A crash is reported as the signal that ended the process")
  func signal() throws {
    let outcome = try spawner.run(["/bin/sh", "-c", "kill -SEGV $$"], until: .now + .seconds(30))
    #expect(outcome.termination == .signaled(11))
  }

  @Test("A program that does not exist is an infrastructure error, not a crash")
  func missingProgram() {
    #expect(throws: GradeError.self) {
      try spawner.run(["no-such-program-\(Int.random(in: 0..<1_000_000))"], until: .now + .seconds(30))
    }
  }

  /// A new empty folder for one test, which the test removes.
  static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "grade-spawner-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("A program's copy holds its bytes, then the padding, with the mode asked; it runs, and never replaces a file")
  func copyProgram() throws {
    let manager = FileManager.default
    let folder = try Self.scratchFolder()
    defer { try? manager.removeItem(at: folder) }
    // Larger than one buffer of the fallback and than one call of the kernel's copy may move.
    let script = Data("#!/bin/sh\necho copied\nexit 0\n".utf8) + Data(repeating: UInt8(ascii: "#"), count: 300_000) + Data("\n".utf8)
    let source = folder.appending(path: "source")
    try script.write(to: source)
    let padding = Data((0..<100).map { UInt8($0) })
    let copy = folder.appending(path: "copy")

    #expect(Spawner.copyProgram(source, to: copy, appending: padding, mode: 0o755))

    #expect(try Data(contentsOf: copy) == script + padding)
    #expect((try manager.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int) == 0o755)
    #expect(try spawner.run([copy.path], until: .now + .seconds(30)).output == "copied\n")
    #expect(!Spawner.copyProgram(source, to: copy, mode: 0o755))
    #expect(!Spawner.copyProgram(folder.appending(path: "missing"), to: folder.appending(path: "other"), mode: 0o755))
  }

  @Test("The driver's scratch folder is the run's own, and goes with it, even after a compile error, where the driver leaves its own")
  func driverScratch() throws {
    let manager = FileManager.default
    let folder = try Self.scratchFolder()
    defer { try? manager.removeItem(at: folder) }
    try Data("let x: Int = \"not a number\"\n".utf8).write(to: folder.appending(path: "Broken.swift"))

    let left = try spawner.runDriver(["-typecheck", "Broken.swift"], in: folder, until: .now + .seconds(120), scratchParent: folder) {
      outcome, scratch in
      #expect(!outcome.succeeded)
      return try? manager.contentsOfDirectory(atPath: scratch.path)
    }

    #expect(left?.contains { $0.hasPrefix("TemporaryDirectory") } == true, "\(left ?? [])")
    #expect(try manager.contentsOfDirectory(atPath: folder.path) == ["Broken.swift"])
  }

  @Test("Wait statuses decode without the C macros", arguments: [
    (Int32(0), ProcessOutcome.Termination.exited(0)),
    (Int32(1 << 8), .exited(1)),
    (Int32(4), .signaled(4)),
    (Int32(9), .signaled(9)),
  ])
  func waitStatus(status: Int32, expected: ProcessOutcome.Termination) {
    #expect(Spawner.termination(fromWaitStatus: status) == expected)
  }
}
