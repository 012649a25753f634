import Foundation
@testable import GradeCatalog
@testable import GradeKit
@testable import GradePolicy
@testable import GradeRun
import Testing

/// What a graded run may do is listed, and everything else is refused, at each of three
/// layers: the source (`CodeRules`), the built code (`MachineCodeRules`) and the running
/// process (`Confinement.c`). One case per class of door, each with the box's namespaces
/// on and off, since the process layer must hold without them; the event stream's, in
/// every mode (`GradingMode`).
@Suite("Confinement: allowed by list, refused otherwise", .tags(.slow))
struct ConfinementTests {
  let lab = HostileLab.shared

  @Test("A test reads only what its run lists: not /proc, not the program, not the solutions; it writes only its own folder",
    arguments: [true, false])
  func filesByList(namespaces: Bool) throws {
    let solution = lab.workbook.solutionFolder(of: lab.lesson).appending(path: "Sources/UserStore.swift").path
    let canary = lab.outside.appending(path: "canary.txt").path
    let folder = try lab.learner("reader-\(namespaces)") { folder in
      try HostileLab.write(HostileLab.userStoreTest(#"""
            func readable(_ path: String) -> String { FileManager.default.contents(atPath: path) == nil ? "no" : "yes" }
            let wrote = FileManager.default.createFile(atPath: "\#(canary)", contents: Data("changed".utf8))
            let local = FileManager.default.createFile(atPath: "scratch.txt", contents: Data("mine".utf8))
            let seen = [
              "maps \(readable("/proc/self/maps"))", "task maps \(readable("/proc/self/task/\(getpid())/maps"))",
              "program \(readable("/proc/self/exe"))", "solution \(readable("\#(solution)"))",
              "canary \(readable("\#(canary)"))", "wrote outside \(wrote)", "wrote own folder \(local)",
            ]
            Issue.record(Comment(rawValue: seen.joined(separator: ", ")))
        """#), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let (workspace, built) = try lab.builtTask2(folder, workspace: "reader-\(namespaces)", namespaces: namespaces)
    let job = workspace.runTests(try #require(built.program(for: .solution(of: 2))), libraries: [try #require(built.testsLibrary(.task(2)))])
    let seen = job.tests.flatMap(\.issues).flatMap(\.comments).joined()
    #expect(
      seen == "maps no, task maps no, program no, solution no, canary no, wrote outside false, wrote own folder true",
      "\(seen) \(job.ending)")
    try lab.expectNothingOutsideChanged()
  }

  @Test("Code that asks the loader to run it before any test is refused at its attribute, whatever it does", arguments: [true, false])
  func loadTimeConstructor(namespaces: Bool) throws {
    let folder = try lab.learner("constructor-\(namespaces)") { folder in
      let path = folder.appending(path: "Sources/ScoreValidator.swift")
      let text = try String(contentsOf: path, encoding: .utf8) + """

        @section(".init_array") @used let grade_early: @convention(c) () -> Void = {}

        """
      try HostileLab.write(text, to: "Sources/ScoreValidator.swift", in: folder)
    }
    let result = lab.grade(folder, namespaces: namespaces)
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("@section is not an attribute this workbook's lessons use"), "\(result.words(1))")
    try lab.expectNothingOutsideChanged()
  }

  @Test("A C library function reached through Foundation is refused in the built code, whatever Swift called it")
  func cFunctionThroughFoundation() throws {
    let folder = try lab.learner("dup2") { folder in
      let path = folder.appending(path: "Sources/ScoreValidator.swift")
      let text = try String(contentsOf: path, encoding: .utf8) + """

        func moveTheStream() -> Int32 { dup2(1, 3) }

        """
      try HostileLab.write(text, to: "Sources/ScoreValidator.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("calls the C function dup2"), "\(result.words(1))")
    try lab.expectNothingOutsideChanged()
  }

  @Test("A test that closes the event stream does not pass: the run does not add up", arguments: [true, false])
  func closesTheStream(namespaces: Bool) throws {
    let folder = try lab.learner("closer-\(namespaces)") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    try FileHandle(fileDescriptor: 3).close()"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, namespaces: namespaces)
    #expect(result.task(2).status != .pass, "\(result.words(2))")
    #expect(result.words(2).contains("The test run's own report does not add up"), "\(result.words(2))")
    try lab.expectNothingOutsideChanged()
  }

  /// The task-2 test an attacker adds to the reference tests, which earn the task alone: it
  /// looks for the run's key where the harness keeps it, then writes a record of its own to
  /// the event stream, sealed with whatever it found.
  static let relay = ##"""

    @Test func relaysTheStream() throws {
      let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      let stream = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/3")) ?? ""
      let maps = FileManager.default.contents(atPath: "/proc/self/maps") ?? Data()
      let key = FileHandle(forReadingAtPath: "/proc/self/mem").flatMap { try? $0.read(upToCount: 32) } ?? Data()
      let seal = "\(key.base64EncodedString()) \(descriptors.count) \(stream) \(maps.count)"
      let forged = #"{"kind":"event","payload":{"kind":"runEnded","messages":[]},"version":0,"seal":"\#(seal)"}"#
      try FileHandle(fileDescriptor: 3).write(contentsOf: Data((forged + "\n").utf8))
    }

    """##

  /// The task-3 test an attacker adds to the reference tests: it ends the event stream, so
  /// that no failure after it could be reported.
  static let closer = """

    @Test func endsTheStream() throws {
      try FileHandle(fileDescriptor: 3).close()
    }

    """

  @Test(
    "Tests that read for the run's key, write to the event stream or close it earn nothing, in every mode: void or refused, never a pass",
    arguments: GradingMode.allCases)
  func harnessOutOfReach(mode: GradingMode) throws {
    let folder = try lab.learner("harness-\(mode.rawValue)") { folder in
      for (file, attack) in [("Tests/UserStoreTests.swift", Self.relay), ("Tests/CounterTests.swift", Self.closer)] {
        let reference = try String(contentsOf: lab.workbook.solutionFolder(of: lab.lesson).appending(path: file), encoding: .utf8)
        try HostileLab.write("import Foundation\n" + reference + attack, to: file, in: folder)
      }
    }
    let graded = try mode.grade(folder, as: lab.lesson, with: lab.grader, name: "harness", scratch: lab.root.appending(path: "modes"))
    #expect(graded.passed(1), "the lesson was graded: \(graded.words(1))")
    for (task, test) in [(2, "relaysTheStream()"), (3, "endsTheStream()")] {
      #expect(!graded.passed(task), "task \(task) in \(mode): \(graded.words(task))")
      // Void when the record or the close reached the stream; the test's own failure when the kernel refused the call.
      let void = graded.words(task).contains("The test run's own report does not add up, so none of its results count")
      let refused = graded.words(task).contains("Your tests must pass against a correct implementation, but \(test) fails")
      #expect(void || refused, "task \(task) in \(mode): \(graded.words(task))")
    }
    // No crash exits 0: a process that does while its records stop short cut its own stream.
    #expect(graded.words(3).contains("exited with status 0 although its records stop before the run ended"), "\(mode): \(graded.words(3))")
    try lab.expectNothingOutsideChanged()
  }

  @Test("A test that cancels itself checked nothing and fails")
  func cancelsItself() throws {
    let reference = try String(
      contentsOf: lab.workbook.solutionFolder(of: lab.lesson).appending(path: "Tests/UserStoreTests.swift"), encoding: .utf8)
    let folder = try lab.learner("canceller") { folder in
      try HostileLab.write(reference + "\n@Test func skipsItsChecks() throws { try Test.cancel() }\n", to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("cancelled from inside the run"), "\(result.words(2))")
  }
}
