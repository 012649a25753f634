import Foundation
@testable import GradeBox
@testable import GradeKit
import GradeProcesses
@testable import GradeResults
import Testing

/// Lesson 1 graded for real in the portable box (`GRADE_BOX=portable`): the path a Mac
/// takes minus Seatbelt, run on Linux so that every CI run exercises it.
///
/// The box comes from `Isolation.probe` with `GRADE_BOX=portable`, the one place the choice
/// is read, so these tests grade exactly as `GRADE_BOX=portable swift run grade` does.
@Suite("The portable box", .tags(.slow))
struct PortableBoxTests {
  let lab = HostileLab.shared

  /// The lab's grader with the portable box.
  static let grader: Grader = {
    var grader = HostileLab.shared.grader
    grader.isolation = Isolation.probe(
      spawner: grader.spawner, scratch: grader.state.root, platform: .linux, environment: [BoxKind.variable: "portable"])
    return grader
  }()

  /// Grades `folder` in the portable box, in a workspace of its own, each run limited to
  /// `seconds` (the lab's 10 unless given).
  func grade(_ folder: URL, seconds: Int? = nil) -> LessonResult {
    var grader = Self.grader
    if let seconds { grader.limits.seconds = seconds }
    return grader.grade(lab.lesson, learnerFolder: folder, workspaceName: folder.lastPathComponent + "-portable")
  }

  @Test("The grader's box is the portable one: a launcher, no namespaces, no Landlock or seccomp")
  func isPortable() {
    let isolation = Self.grader.isolation
    #expect(isolation.box == .portable)
    #expect(isolation.launcher != nil, "\(isolation.reason ?? "")")
    #expect(!isolation.namespaces && !isolation.confinement)
  }

  @Test("The untouched starter fails every task; the solution passes every task")
  func starterFailsSolutionPasses() throws {
    let starter = try lab.learner("portable-starter") { folder in
      for file in lab.lesson.ownedFiles {
        try? FileManager.default.removeItem(at: folder.appending(path: file))
        try FileManager.default.copyItem(at: lab.workbook.starterFolder(of: lab.lesson).appending(path: file), to: folder.appending(path: file))
      }
    }
    let failed = grade(starter)
    #expect(failed.tasks.count == 3)
    #expect(failed.tasks.allSatisfy { $0.status == .fail }, "\(failed.tasks.map(\.status))")
    let solved = grade(try lab.learner("portable-solution"))
    #expect(solved.tasks.map(\.status) == [.pass, .pass, .pass], "\(solved.tasks.map { $0.findings.map(\.plainText) })")
    try lab.expectNothingOutsideChanged()
  }

  @Test(
    "A hung exit test is ended at the time limit, named, and its process, in the run's group, is gone",
    .enabled(if: HostPlatform.current == .linux, "looks for the process in /proc"))
  func hangEndsWithItsGroup() throws {
    let marker = "grade-portable-hang-\(UUID().uuidString)"
    let scratch = FileManager.default.temporaryDirectory.path
    // Swift Testing starts an exit test's process in the run's process group; it writes its
    // number to a file outside the box (the portable box lets it), and hangs. (A child that
    // Foundation's Process starts is in a session of its own, which no group kill reaches:
    // the box's notice says so.)
    let folder = try lab.learner("portable-hang") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            await #expect(processExitsWith: .success) {
              try? "\\(ProcessInfo.processInfo.processIdentifier)"
                .write(toFile: "\(scratch)/\(marker)-\\(UUID().uuidString)", atomically: false, encoding: .utf8)
              while true {}
            }
        """).replacingOccurrences(of: "@Test func hostile() throws {", with: "@Test func hostile() async throws {"),
        to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = grade(folder, seconds: HostileLab.hangSeconds)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Stopped after \(HostileLab.hangSeconds) s (set the limit with --timeout). Still running: hostile()."), "\(result.words(2))")
    #expect(result.task(1).status == .pass)
    let files = try FileManager.default.contentsOfDirectory(atPath: scratch).filter { $0.hasPrefix(marker) }
    defer { for file in files { try? FileManager.default.removeItem(atPath: "\(scratch)/\(file)") } }
    let children = try files.map { name in try String(contentsOfFile: "\(scratch)/\(name)", encoding: .utf8) }
    #expect(!children.isEmpty, "the hung test started no exit test, so this test shows nothing")
    // A process the group kill reached is gone, or a zombie until its new parent waits for it.
    let alive = children.filter { pid in
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
      return !status.contains("State:\tZ")
    }
    #expect(alive.isEmpty, "processes outlived the run: \(alive)")
  }

  @Test("A test that writes a file past the size limit is stopped by it")
  func hugeFileStopped() throws {
    let folder = try lab.learner("portable-big-file") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            let chunk = Data(repeating: 7, count: 1 << 20)
            FileManager.default.createFile(atPath: "big", contents: nil)
            let handle = try #require(FileHandle(forWritingAtPath: "big"))
            for _ in 0..<100 { handle.write(chunk) }
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = grade(folder)
    #expect(result.task(2).status == .fail, "\(result.words(2))")
    // SIGXFSZ, the file-size limit's signal, ends the run, not a time limit or the output cap.
    #expect(result.words(2).contains("hostile()"), "\(result.words(2))")
    #expect(!result.words(2).contains("Stopped after"), "\(result.words(2))")
    #expect(result.task(1).status == .pass)
  }

  @Test(
    "The Darwin box's whole path runs on Linux with a stand-in for sandbox-exec: the solution passes, each run's profile names its own folders, and its program is copied readable",
    .enabled(if: HostPlatform.current == .linux, "the stand-in reads the mode with GNU stat"))
  func darwinPathWithStandIn() throws {
    let manager = FileManager.default
    let folder = manager.temporaryDirectory.appending(path: "grade-darwin-stand-in-\(UUID().uuidString)")
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: folder) }
    // Takes `-p PROFILE PROGRAM` as sandbox-exec does, keeps the profile, and becomes the program:
    // everything of the Darwin box but Seatbelt itself, which only a Mac has.
    let standIn = folder.appending(path: "sandbox-exec")
    try Data("""
      #!/bin/sh
      [ "$1" = -p ] && [ -n "$2" ] && [ -x "$3" ] || exit 99
      printf '%s' "$2" > "\(folder.path)/profile-$$"
      stat -c %a "$3" > "\(folder.path)/mode-$$"
      shift 2
      exec "$@"

      """.utf8).write(to: standIn)
    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
    var grader = Self.grader
    var isolation = Isolation.unconfined(.darwin, toolchain: grader.isolation.toolchain, reason: "a stand-in for sandbox-exec")
    isolation.launcher = grader.isolation.launcher
    isolation.sandboxExec = standIn.path
    grader.isolation = isolation
    let solved = grader.grade(lab.lesson, learnerFolder: try lab.learner("darwin-solution"), workspaceName: "darwin-solution")
    #expect(solved.tasks.map(\.status) == [.pass, .pass, .pass], "\(solved.tasks.map { $0.findings.map(\.plainText) })")
    let profiles = try manager.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("profile-") }
    #expect(!profiles.isEmpty)
    // The program is copied as built, readable: only the Linux box hides it.
    let modes = try manager.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("mode-") }
    #expect(try Set(modes.map { try String(contentsOf: folder.appending(path: $0), encoding: .utf8) }) == ["555\n"])
    for name in profiles {
      let forms = try SExpression.forms(of: String(contentsOf: folder.appending(path: name), encoding: .utf8))
      let written = forms.filter { $0.words.contains("file-write*") }.flatMap(\.strings)
      #expect(written.count == 1 && written[0].hasSuffix("/work") && written[0].contains("/runs/"), "\(written)")
      let started = forms.filter { $0.words.contains("process-exec") }.flatMap(\.strings)
      #expect(started.count == 1 && started[0].hasSuffix("/bin/tests"), "\(started)")
    }
  }
}
