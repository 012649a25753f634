import Foundation
@testable import GradeBox
@testable import GradeKit
import Synchronization
import Testing

/// What `grade` does off Linux, decided here by passing the platform in: a pure function of platform and command.
@Suite("Grading off Linux")
struct HostPlatformTests {
  /// Runs `arguments` as if on `platform`, in a folder with no workbook, and returns the exit status, standard output and standard error.
  func run(_ arguments: [String], on platform: HostPlatform) -> (status: Int32, out: String, err: String) {
    let out = Mutex<[String]>([])
    let err = Mutex<[String]>([])
    var app = App(
      currentFolder: FileManager.default.temporaryDirectory, environment: [:], outputIsTerminal: false,
      write: { line in out.withLock { $0.append(line) } }, writeError: { line in err.withLock { $0.append(line) } })
    app.platform = platform
    let status = app.run(arguments)
    return (status, out.withLock { $0.joined(separator: "\n") }, err.withLock { $0.joined(separator: "\n") })
  }

  @Test("Linux runs every command, so there is nothing to refuse")
  func linuxGrades() {
    for use in [HostPlatform.Use.anywhere, .learning, .gradesCount] {
      #expect(HostPlatform.refusal(on: .linux, for: use) == nil)
    }
  }

  @Test("macOS runs help and a learner's loop, and refuses grades that count", arguments: [
    (HostPlatform.Use.anywhere, false), (.learning, false), (.gradesCount, true),
  ])
  func macOSDecision(_ use: HostPlatform.Use, _ refused: Bool) {
    #expect((HostPlatform.refusal(on: .macOS, for: use, command: "class") != nil) == refused)
  }

  @Test("Grades that count are class, autograde and release; help runs anywhere; every other command is a learner's")
  func commandUses() {
    let uses = Dictionary(uniqueKeysWithValues: Commands.all.map { ($0.usage.name, $0.use) })
    #expect(uses.filter { $0.value == .gradesCount }.keys.sorted() == ["autograde", "class", "release"])
    #expect(uses.filter { $0.value == .anywhere }.keys.sorted() == ["help"])
    for name in ["", "watch", "hint", "reveal", "check-setup", "check", "list"] {
      #expect(uses[name] == .learning, "\(name)")
    }
  }

  @Test("On macOS grade class, autograde and release stop at once with one message, the container command and exit 2", arguments: [
    ["class", "submissions"], ["autograde", "/autograder"], ["release", "out"],
  ])
  func macOSRefusesGradesThatCount(_ arguments: [String]) {
    let expected = """
      grade: grades that count are made on Linux only, and this is macOS. On macOS grade gives you feedback in a lighter box (Seatbelt and limits, without Linux's namespaces, Landlock and seccomp), which cannot promise an honest grade to anyone else.
      Run it in a Linux container from the workbook's folder (Docker or another OCI runtime, or the folder's dev container), with the same arguments after it:
        docker run --rm -it -v "$PWD":/workbook -v workbook-build:/workbook/.build -w /workbook swift:6.3.1 swift run grade \(arguments[0])
      """
    let result = run(arguments, on: .macOS)
    #expect(result.status == App.Exit.error)
    #expect(result.err == expected)
    #expect(result.out.isEmpty)
  }

  @Test("On macOS a learner's commands are not refused: they go on to look for the workbook", arguments: [
    [], ["1"], ["check"], ["check-setup"], ["list"], ["hint"], ["reveal"], ["watch"],
  ])
  func macOSLearnerCommandsRun(_ arguments: [String]) {
    let macOS = run(arguments, on: .macOS)
    let linux = run(arguments, on: .linux)
    #expect(macOS.status == linux.status, "\(macOS.err)")
    #expect(macOS.err == linux.err)
    #expect(!macOS.err.contains("Linux only"))
  }

  @Test("A GRADE_BOX this system cannot make stops every command but help at once, with exit 2 and what to set instead")
  func refusedBox() {
    let out = Mutex<[String]>([])
    let err = Mutex<[String]>([])
    var app = App(
      currentFolder: FileManager.default.temporaryDirectory, environment: ["GRADE_BOX": "darwin"], outputIsTerminal: false,
      write: { line in out.withLock { $0.append(line) } }, writeError: { line in err.withLock { $0.append(line) } })
    app.platform = .linux
    #expect(app.run(["1"]) == App.Exit.error)
    #expect(err.withLock { $0 } == ["grade: GRADE_BOX=darwin is not a box this system can make; unset it, or use GRADE_BOX=linux or GRADE_BOX=portable"])
    #expect(out.withLock { $0 }.isEmpty)
    #expect(app.run(["--help"]) == App.Exit.passed)
  }

  @Test("Help still works off Linux")
  func helpWorks() {
    for platform in [HostPlatform.macOS, .other("Windows")] {
      let result = run(["--help"], on: platform)
      #expect(result.status == App.Exit.passed)
      #expect(result.out == Commands.usage)
    }
  }

  @Test("Another system is named in the message, for every command but help")
  func otherSystem() throws {
    let message = try #require(HostPlatform.refusal(on: .other("Windows"), for: .learning))
    #expect(message.hasPrefix("grade: grading needs Linux or macOS, and this is Windows."))
    #expect(message.hasSuffix(HostPlatform.containerCommand))
    #expect(HostPlatform.refusal(on: .other("Windows"), for: .gradesCount) == message)
    let result = run(["1"], on: .other("Windows"))
    #expect(result.status == App.Exit.error)
    #expect(result.err == message)
  }

  @Test("This test run is on Linux, where the grader grades")
  func currentIsLinux() {
    #if os(Linux)
      #expect(HostPlatform.current == .linux)
    #else
      #expect(HostPlatform.current != .linux)
    #endif
  }
}
