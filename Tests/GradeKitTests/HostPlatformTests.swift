import Foundation
@testable import GradeBox
@testable import GradeKit
import Synchronization
import Testing

/// What `grade` does off Linux, decided here by passing the platform in.
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

  @Test("Linux grades, so there is nothing to refuse")
  func linuxGrades() {
    #expect(HostPlatform.refusal(on: .linux) == nil)
  }

  @Test("On macOS every command stops at once with the message and exit 2, before it looks for a workbook")
  func macOSStops() {
    let expected = """
      grade: grading needs Linux, and this is macOS. Each run is boxed with Linux's namespaces, Landlock and seccomp, which macOS does not have, so grade cannot promise honest feedback here.
      Here, `swift test` runs every lesson's tests (in Xcode: open Package.swift and press ⌘U).
      To grade, run this from the workbook's folder (Docker or another OCI runtime, or reopen the folder in its dev container and run swift run grade):
        docker run --rm -it -v "$PWD":/workbook -v workbook-build:/workbook/.build -w /workbook swift:6.3.1 swift run grade
      """
    #expect(HostPlatform.refusal(on: .macOS) == expected)
    for arguments in [[], ["1"], ["check"], ["check-setup"], ["list"], ["class", "submissions"]] {
      let result = run(arguments, on: .macOS)
      #expect(result.status == App.Exit.error, "\(arguments)")
      #expect(result.err == expected, "\(arguments)")
      #expect(result.out.isEmpty, "\(arguments)")
    }
  }

  @Test("Help still works off Linux")
  func helpWorks() {
    let result = run(["--help"], on: .macOS)
    #expect(result.status == App.Exit.passed)
    #expect(result.out == Commands.usage)
  }

  @Test("Another system is named in the message")
  func otherSystem() throws {
    let message = try #require(HostPlatform.refusal(on: .other("Windows")))
    #expect(message.hasPrefix("grade: grading needs Linux, and this is Windows."))
    #expect(message.hasSuffix(HostPlatform.containerCommand))
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
