import Foundation
import Testing
@testable import GradeKit

/// The box's file system, as a run inside it sees it.
@Suite("The box")
struct BoxTests {
  @Test("A mount table writes blanks and backslashes in paths as octal escapes")
  func escapedPaths() {
    #expect(BoxRoot.escaped("/home/Ana Lucía/work\\book\tx\ny") == "/home/Ana\\040Lucía/work\\134book\\011x\\012y")
  }

  @Test(
    "A run whose folders have blanks and backslashes in their paths sees the box: only its scratch folder and /tmp writable",
    .enabled(if: Self.isolation.namespaces, "this machine has no namespaces"))
  func pathsWithBlanks() throws {
    let manager = FileManager.default
    let parent = manager.temporaryDirectory.appending(path: "grade box \\ test \(UUID().uuidString)")
    defer { try? manager.removeItem(at: parent) }
    try manager.createDirectory(at: parent, withIntermediateDirectories: true)
    let binary = parent.appending(path: "a test binary")
    try Data("""
      #!/bin/sh
      echo "in $(pwd)"
      touch /box/work/made && echo "work writable"
      touch /tmp/made && echo "tmp writable"
      touch /made 2>/dev/null || echo "root read-only"
      touch /usr/made 2>/dev/null || echo "usr read-only"
      touch /box/bin/made 2>/dev/null || echo "bin read-only"
      ls /box/bin

      """.utf8).write(to: binary)
    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
    let library = parent.appending(path: "libLab.so")
    try Data().write(to: library)
    let box = Box(limits: BoxLimits(seconds: 20), isolation: Self.isolation, runner: ProcessRunner(), scratchParent: parent.appending(path: "runs"))

    let outcome = try box.run(binary, library: library, arguments: [])

    #expect(outcome.succeeded, "\(outcome.output)")
    for line in ["in /box/work", "work writable", "tmp writable", "root read-only", "usr read-only", "bin read-only", "libLab.so\ntests"] {
      #expect(outcome.output.contains(line), "missing \"\(line)\" in: \(outcome.output)")
    }
    // Each run's folder goes when the run ends.
    #expect(try manager.contentsOfDirectory(atPath: parent.appending(path: "runs").path).isEmpty)
  }

  static let isolation = Isolation.probe(runner: ProcessRunner(), scratch: FileManager.default.temporaryDirectory)
}
