import Foundation
@testable import GradeBox
@testable import GradeFeedback
@testable import GradeKit
@testable import GradeRun
import GradeTestSupport
import Testing

/// Submissions that try to fool, escape or confuse the grader, graded for real.
///
/// Each starts as lesson 1's solution, where every task passes, and changes one
/// thing; each checks the verdict, the words, and that nothing outside the
/// workspace changed. `swift test --filter HostileSubmissionTests` runs them alone.
@Suite("Hostile submissions", .tags(.slow))
struct HostileSubmissionTests {
  let lab = HostileLab.shared

  @Test("The untouched solution passes every task, so each case below shows one change")
  func solutionPasses() throws {
    let result = lab.grade(try lab.learner("solution"))
    #expect(result.tasks.map(\.status) == [.pass, .pass, .pass], "\(result.tasks)")
    try lab.expectNothingOutsideChanged()
  }

  @Test("Every variant shows a test the same names, paths, arguments, environment, folder and files")
  func variantsLookAlike() throws {
    // The test reports what it can see as an issue; the issue must read the same on every variant.
    let solution = lab.workbook.solutionFolder(of: lab.lesson).appending(path: "Sources/UserStore.swift").path
    let folder = try lab.learner("observer") { folder in
      try HostileLab.write(HostileLab.userStoreTest(#"""
            let environment = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let seen = [
              #fileID, #filePath, String(reflecting: UserStore.self), String(reflecting: User.self),
              CommandLine.arguments.joined(separator: " "), environment.joined(separator: " "),
              FileManager.default.currentDirectoryPath,
              "solutions readable: \(FileManager.default.isReadableFile(atPath: "\#(solution)"))",
              "workbook visible: \(FileManager.default.fileExists(atPath: "\#(lab.workbook.root.path)"))",
              "files: \((try? FileManager.default.contentsOfDirectory(atPath: "/box/bin"))?.sorted() ?? [])",
            ]
            Issue.record(Comment(rawValue: seen.joined(separator: " | ")))
        """#), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let (workspace, built) = try lab.builtTask2(folder, workspace: "observer-direct")
    guard case .writeTests(let spec) = lab.lesson.tasks[1].kind else { return }
    let variants = spec.variants(of: 2)
    // The solution, the wheat that numbers users from 1000, and four chaffs.
    #expect(variants.count == 6 && variants.allSatisfy { built.variantFolders[$0] != nil })
    let seen = variants.map { variant in
      let job = workspace.runTests(built.program(for: variant)!, libraries: [built.testsLibrary(.task(2))!])
      let seen = job.tests.flatMap(\.issues).map(\.comments).flatMap { $0 }.joined()
      // Without namespaces each run has a folder of its own, named at random: it says nothing of the variant.
      return seen.replacing(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/, with: "RUN")
    }
    #expect(Set(seen).count == 1, "the variants looked different: \(seen)")
    let first = try #require(seen.first)
    #expect(!first.isEmpty)
    #expect(!first.contains("_T2V"), "a variant's tag shows: \(first)")
    if lab.grader.isolation.namespaces {
      #expect(first.contains("solutions readable: false"))
      #expect(first.contains("workbook visible: false"))
    }
    // The environment is exactly the box's: nothing of the grader's, such as its PATH or HOME.
    #expect(first.contains(BoxEnvironment.words.joined(separator: " ") + " |"), "\(first)")
    try lab.expectNothingOutsideChanged()
  }

  @Test("Code under test that forges the end of the run and exits 0 does not pass")
  func forgedRunEnd() throws {
    let folder = try lab.learner("forger") { folder in
      let path = folder.appending(path: "Sources/ScoreValidator.swift")
      var text = try String(contentsOf: path, encoding: .utf8)
      // The first call of validate writes a runEnded record to every descriptor that
      // might be the event stream, then leaves before any test can report.
      text = text.replacingOccurrences(of: "import Foundation", with: """
        import Foundation
        #if canImport(Glibc)
        import Glibc
        #endif
        func forge() {
          let line = #"{"kind":"event","payload":{"kind":"runEnded"},"version":0}"# + "\\n"
          for descriptor in Int32(3)...Int32(20) { FileHandle(fileDescriptor: descriptor).write(Data(line.utf8)) }
          _exit(0)
        }
        """)
      text = text.replacingOccurrences(of: "func validate(_ score: Int) throws(ScoreError) -> Int {", with: "func validate(_ score: Int) throws(ScoreError) -> Int {\n    forge()")
      try HostileLab.write(text, to: "Sources/ScoreValidator.swift", in: folder)
    }
    let result = lab.grade(folder, lesson: lab.lesson(allowing: ["Glibc"]))
    #expect(result.task(1).status != .pass)
    #expect(result.words(1).contains("calls the C function _exit"), "\(result.words(1))")
    #expect(result.task(2).status == .pass)
    try lab.expectNothingOutsideChanged()
  }

  @Test("A test that ends the process with exit(0) before reporting does not pass", arguments: ["exit(0)", "exit(1)", "_exit(0)"])
  func exitInTest(_ call: String) throws {
    let folder = try lab.learner("exit-\(call.filter(\.isLetter))\(call.filter(\.isNumber))") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    \(call)"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status != .pass, "\(result.words(2))")
    #expect(result.task(3).status == .pass)
    try lab.expectNothingOutsideChanged()
  }

  @Test("Owned files that are links are refused by name, and the other tasks are still graded", arguments: [
    "solution", "passwd",
  ])
  func symlinkedFile(_ target: String) throws {
    let folder = try lab.learner("link-\(target)") { folder in
      let file = folder.appending(path: "Tests/UserStoreTests.swift")
      try FileManager.default.removeItem(at: file)
      let destination = target == "passwd"
        ? "/etc/passwd" : lab.workbook.solutionFolder(of: lab.lesson).appending(path: "Tests/UserStoreTests.swift").path
      try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Tests/UserStoreTests.swift was not graded: it is a symbolic link"))
    #expect(result.task(1).status == .pass)
    #expect(result.task(3).status == .pass)
    #expect(result.lessonError == nil)
    try lab.expectNothingOutsideChanged()
  }

  @Test("A folder that is a link is refused like a file")
  func symlinkedFolder() throws {
    let folder = try lab.learner("link-folder") { folder in
      try FileManager.default.removeItem(at: folder.appending(path: "Tests"))
      try FileManager.default.createSymbolicLink(
        atPath: folder.appending(path: "Tests").path,
        withDestinationPath: lab.workbook.solutionFolder(of: lab.lesson).appending(path: "Tests").path)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.task(3).status == .fail)
    #expect(result.words(2).contains("symbolic link"))
    #expect(result.task(1).status == .pass)
  }

  @Test("A file that is not UTF-8, or too large, fails its own task with the reason", arguments: ["binary", "huge"])
  func unreadableFile(_ kind: String) throws {
    let folder = try lab.learner("file-\(kind)") { folder in
      let data = kind == "binary" ? Data([0xff, 0xfe, 0x00, 0xc3, 0x28]) : Data(repeating: UInt8(ascii: "/"), count: 2 << 20)
      try data.write(to: folder.appending(path: "Tests/CounterTests.swift"))
    }
    let result = lab.grade(folder)
    #expect(result.task(3).status == .fail)
    #expect(result.words(3).contains(kind == "binary" ? "is not UTF-8 text" : "over the 1048576-byte limit"), "\(result.words(3))")
    #expect(result.task(2).status == .pass)
  }

  @Test("A deleted owned file fails its task, not the lesson")
  func deletedFile() throws {
    let folder = try lab.learner("deleted") { folder in
      try FileManager.default.removeItem(at: folder.appending(path: "Sources/ScoreValidator.swift"))
    }
    let result = lab.grade(folder)
    #expect(result.lessonError == nil)
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("Sources/ScoreValidator.swift was not graded: it is missing"))
    #expect(result.task(2).status == .pass)
    #expect(result.task(3).status == .pass)
  }

  @Test(
    "A test cannot write or delete outside its scratch folder, nor rewrite the canonical tests",
    .enabled(if: HostileLab.shared.grader.isolation.namespaces, "without namespaces a test can write your files; the notice says so"))
  func writesOutside() throws {
    let canonical = lab.workbook.canonicalTestFolder(of: lab.lesson).appending(path: "ScoreValidatorTests.swift").path
    let chaff = lab.workbook.solutionFolder(of: lab.lesson).appending(path: "Chaffs/swaps-name-and-email/UserStore.swift").path
    let folder = try lab.learner("writer") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            try? "changed".write(toFile: "\(lab.outside.path)/canary.txt", atomically: false, encoding: .utf8)
            try? "new".write(toFile: "\(lab.outside.path)/new.txt", atomically: false, encoding: .utf8)
            try? FileManager.default.removeItem(atPath: "\(lab.outside.path)/canary.txt")
            try? "@Test func x() {}".write(toFile: "\(canonical)", atomically: false, encoding: .utf8)
            try? "// emptied".write(toFile: "\(chaff)", atomically: false, encoding: .utf8)
            try? "scratch".write(toFile: "written-here.txt", atomically: false, encoding: .utf8)
            #expect(Bool(true))
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    _ = lab.grade(folder)
    try lab.expectNothingOutsideChanged()
    #expect(try String(contentsOf: lab.outside.appending(path: "canary.txt"), encoding: .utf8) == lab.canaryText)
  }

  @Test("A test that eats memory past the limit does not pass")
  func memoryHog() throws {
    let folder = try lab.learner("memory") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            let buffer = [UInt8](repeating: 1, count: 6 << 30)
            #expect(buffer[buffer.count - 1] == 1)
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status != .pass, "\(result.words(2))")
    #expect(result.task(3).status == .pass)
  }

  @Test(
    "Every process a test starts ends with the run, setsid ones included",
    .enabled(if: HostileLab.shared.grader.isolation.namespaces, "without a PID namespace setsid escapes; the notice says so"))
  func leftoverProcesses() throws {
    let marker = 900_000 + Int.random(in: 0..<99_999)
    let folder = try lab.learner("spawner") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            for _ in 0..<100 {
              let process = Process()
              process.executableURL = URL(fileURLWithPath: "/bin/sh")
              process.arguments = ["-c", "setsid sleep \(marker) & sleep \(marker) &"]
              try? process.run()
            }
            #expect(Bool(true))
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    _ = lab.grade(folder)
    let alive = Self.processes(matching: "sleep \(marker)")
    #expect(alive.isEmpty, "processes outlived the run: \(alive)")
  }

  @Test(
    "A test cannot reach the network, not even this machine's loopback",
    .enabled(if: HostileLab.shared.grader.isolation.namespaces, "without namespaces the network is reachable; the notice says so"))
  func network() throws {
    let folder = try lab.learner("network") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            // Any answer, even "connection refused", means a network answered; in the box there is none.
            let answered = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
              URLSession.shared.dataTask(with: URL(string: "http://127.0.0.1:9/")!) { _, response, error in
                done.resume(returning: response != nil || (error as? URLError)?.code == .cannotConnectToHost)
              }.resume()
            }
            #expect(answered)
        """, imports: "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif").replacingOccurrences(
          of: "@Test func hostile() throws {", with: "@Test func hostile() async throws {"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, lesson: lab.lesson(allowing: ["FoundationNetworking"]))
    #expect(result.task(2).status == .fail, "\(result.words(2))")
    #expect(result.words(2).contains("Your tests must pass against a correct implementation, but hostile() fails"), "\(result.words(2))")
  }

  @Test("A hang in task 2 fails task 2 alone, and names the test")
  func hangStaysInItsTask() throws {
    let folder = try lab.learner("hang") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    while true {}"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, seconds: HostileLab.hangSeconds)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Stopped after \(HostileLab.hangSeconds) s (set the limit with --timeout). Still running: hostile()."), "\(result.words(2))")
    #expect(result.task(1).status == .pass)
    #expect(result.task(3).status == .pass)
  }

  @Test("A test that closes every descriptor it has, the grader's pipes among them, and hangs is stopped at the time limit and named, in task 2 alone")
  func closesItsPipesAndHangs() throws {
    let folder = try lab.learner("closed-pipes") { folder in
      let close = "    for fd in Int32(0)..<256 { try? FileHandle(fileDescriptor: fd, closeOnDealloc: false).close() }\n"
      try HostileLab.write(
        HostileLab.userStoreTest(close + "    DispatchSemaphore(value: 0).wait()"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, seconds: HostileLab.hangSeconds)
    #expect(result.task(2).status == .fail, "\(result.words(2))")
    #expect(result.words(2).contains("Stopped after \(HostileLab.hangSeconds) s"), "\(result.words(2))")
    #expect(result.task(1).status == .pass)
  }

  @Test("A hang on several threads, which spends CPU time faster than the clock, is reported as a hang, never as an exit status, and no variant waits it out again")
  func spinningHang() throws {
    let seconds = HostileLab.hangSeconds
    #expect(Box.cpuSeconds(wall: seconds, cores: 2) > 2 * seconds, "the wall clock stops a run before its threads can use up the CPU limit")
    let folder = try lab.learner("spinning-hang") { folder in
      let spin = "    DispatchQueue.concurrentPerform(iterations: \(2 * ProcessInfo.processInfo.activeProcessorCount + 2)) { _ in while true {} }"
      try HostileLab.write(HostileLab.userStoreTest(spin), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, seconds: seconds)
    let words = result.words(2)
    #expect(result.task(2).status == .fail)
    #expect(words.contains("Stopped after \(seconds) s (set the limit with --timeout). Still running: hostile()."), "\(words)")
    #expect(!words.contains("exited with status"), "\(words)")
    #expect(!words.contains("killed by signal"), "\(words)")
    #expect(!words.contains("bug"), "the tests did not end on the correct version, so no buggy version was run: \(words)")
    #expect(result.task(1).status == .pass)
  }

  @Test("A deadlock is stopped at the time limit and named")
  func deadlock() throws {
    let folder = try lab.learner("deadlock") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    DispatchSemaphore(value: 0).wait()"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, seconds: HostileLab.hangSeconds)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Still running: hostile()."))
  }

  @Test("A crashing test is named with its fatal error")
  func crash() throws {
    let folder = try lab.learner("crash") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    let missing: Int? = nil\n    _ = missing!"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Your tests must pass against a correct implementation, but hostile() crashes"), "\(result.words(2))")
  }

  @Test("Every crashing test of a run is named with its own fatal error, and every other test still gets its result")
  func manyCrashes() throws {
    let folder = try lab.learner("many-crashes") { folder in
      try HostileLab.write("""
        import Testing

        @Suite struct UserStoreTests {
          @Test func first() {}
          @Test func second() { fatalError("second broke") }
          @Test func third() async { await Task.yield() }
          @Test func fourth() { fatalError("fourth broke") }
          @Test func fifth() { #expect(1 + 1 == 3) }
        }

        """, to: "Tests/UserStoreTests.swift", in: folder)
    }
    let (workspace, built) = try lab.builtTask2(folder, workspace: "many-crashes-direct")
    let wheat = try #require(built.program(for: .solution(of: 2)))
    let tests = try #require(built.testsLibrary(.task(2)))

    let job = workspace.runTests(wheat, libraries: [tests])

    let byName = Dictionary(uniqueKeysWithValues: job.tests.map { (String($0.id.split(separator: "/")[1]), $0) })
    #expect(byName.count == 5)
    let crashes = Dictionary(uniqueKeysWithValues: job.crashes.map { (String($0.key.split(separator: "/")[1]), $0.value) })
    #expect(Set(crashes.keys) == ["second()", "fourth()"])
    #expect(crashes["second()"]?.fatalError?.message.contains("second broke") == true, "\(crashes)")
    #expect(crashes["fourth()"]?.fatalError?.message.contains("fourth broke") == true, "\(crashes)")
    // Each crash shows what its own run printed, never another run's text.
    #expect(crashes["second()"]?.output.contains("fourth broke") == false && crashes["fourth()"]?.output.contains("second broke") == false)
    #expect(byName["first()"]?.status == .passed)
    #expect(byName["third()"]?.status == .passed)
    #expect(byName["fifth()"]?.status == .failed)

    // Asked to name one crash, it stops there: every test has a result, is that crash, or has none yet.
    let capped = workspace.runTests(wheat, libraries: [tests], crashesToName: 1)
    #expect(!capped.crashes.isEmpty && capped.crashes.count <= 2)
    #expect(capped.crashes.values.allSatisfy { ["second broke", "fourth broke"].contains($0.fatalError?.message) }, "\(capped.crashes)")
    #expect(capped.tests.count == 5)
  }

  @Test("Endless output is stopped and named as the learner's")
  func endlessOutput() throws {
    let folder = try lab.learner("flood") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    while true { print(String(repeating: \"x\", count: 1000)) }"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Stopped: the tests printed more than the grader keeps, without end."), "\(result.words(2))")
    let json = ResultsJSON.encode([(lab.lesson, result)])
    #expect(json.contains(#""status" : "fail""#))
  }

  @Test("A file past the size limit stops the test that writes it")
  func hugeFile() throws {
    let folder = try lab.learner("big-file") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            let chunk = Data(repeating: 7, count: 1 << 20)
            FileManager.default.createFile(atPath: "big", contents: nil)
            let handle = try #require(FileHandle(forWritingAtPath: "big"))
            for _ in 0..<100 { handle.write(chunk) }
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail, "\(result.words(2))")
  }

  @Test("A compile error fails its own task at the learner's line; the others are still graded")
  func compileError() throws {
    let folder = try lab.learner("broken") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    let x: Int = \"text\""), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Lessons/01-expect-and-require/Tests/UserStoreTests.swift:"), "\(result.words(2))")
    #expect(result.task(1).status == .pass)
    #expect(result.task(3).status == .pass)
  }

  @Test("A chaff the tests hang on is not caught: a time limit is no verdict")
  func hangOnAChaff() throws {
    let folder = try lab.learner("hang-on-chaff") { folder in
      // On the chaff that finds someone for an unknown id, this loops forever.
      try HostileLab.write(HostileLab.userStoreTest("""
            var store = UserStore()
            let ada = store.add(name: "Ada", email: "ada@example.com")
            while store.user(id: 99) != nil {}
            #expect(store.user(id: ada.id)?.name == "Ada")
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.task(2).findings.contains { if case .chaffUndecided(let chaff, _) = $0 { chaff.name == "finds-someone-for-unknown-ids" } else { false } })
    // The feedback names the test that hung, on which bug, and what to do.
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(lab.lesson, result)
    #expect(text.contains("On it, \"hostile()\" was still running when the 10 s time limit ran out"), "\(text)")
    #expect(text.contains("must bound its wait (a timeout)"), "\(text)")
    // The hang is the tests' own (the wheat ran to its end), so the next grading does not wait it out again.
    let caching = Grader(workbook: lab.workbook, state: lab.grader.state, limits: lab.grader.limits, useCache: true, isolation: lab.grader.isolation)
    _ = caching.grade(lab.lesson, learnerFolder: folder, workspaceName: "hang-on-chaff-cached")
    let again = caching.grade(lab.lesson, learnerFolder: folder, workspaceName: "hang-on-chaff-cached")
    #expect(again.fromCache)
  }

  @Test("A status of its own after every test ended fails an implement task, refused before it runs", arguments: [66])
  func abnormalExit(_ status: Int) throws {
    let folder = try lab.learner("exit-\(status)") { folder in
      let path = folder.appending(path: "Sources/ScoreValidator.swift")
      var text = try String(contentsOf: path, encoding: .utf8)
      text += "\nlet registered: Void = { _ = atexit { _exit(\(status)) } }()\n"
      text = text.replacingOccurrences(of: "func validate(_ score: Int) throws(ScoreError) -> Int {", with: "func validate(_ score: Int) throws(ScoreError) -> Int {\n    _ = registered")
      text = text.replacingOccurrences(of: "import Foundation", with: "import Foundation\n#if canImport(Glibc)\nimport Glibc\n#endif")
      try HostileLab.write(text, to: "Sources/ScoreValidator.swift", in: folder)
    }
    let result = lab.grade(folder, lesson: lab.lesson(allowing: ["Glibc"]))
    #expect(result.task(1).status == .fail)
    // atexit and _exit are C library functions no lesson needs: refused in the built code.
    #expect(result.words(1).contains("calls the C function"), "\(result.words(1))")
  }

  @Test("A test that passes by luck is caught by repeated runs; honest tests pass them all")
  func passesByLuck() throws {
    let lesson = lab.lessonCheckingFlakiness(runs: 40)
    let honest = lab.grade(try lab.learner("honest-repeated"), lesson: lesson)
    #expect(honest.task(2).status == .pass, "\(honest.words(2))")
    let folder = try lab.learner("lucky") { folder in
      // The reference tests, plus one that passes a single run and fails the third run in a
      // process: like a test that waits a fixed time, it passes until it is run often enough.
      let path = folder.appending(path: "Tests/UserStoreTests.swift")
      let text = try String(contentsOf: path, encoding: .utf8)
      try HostileLab.write(
        "import Synchronization\n" + text
          + "\nlet luckyRuns = Atomic<Int>(0)\n@Test func lucky() { #expect(luckyRuns.add(1, ordering: .relaxed).newValue != 3) }\n",
        to: "Tests/UserStoreTests.swift", in: folder)
    }
    let lucky = lab.grade(folder, lesson: lesson)
    #expect(lucky.task(2).status == .fail)
    let shares = Grader.repetitionShares
    guard case .writeTests(let checked) = lesson.tasks[1].kind, let flakiness = checked.flakiness else { return }
    let runs = shares * JobList.repetitions(of: flakiness, shares: shares)
    #expect(lucky.words(2).contains("lucky() passed \(runs - shares) of \(runs) runs against a correct implementation"), "\(lucky.words(2))")
  }

  @Test("Where tests must wait for events, a test that sleeps, however briefly, fails in every run; a bounded wait does not")
  func waitsForTime() throws {
    var lesson = lab.lesson
    guard case .writeTests(var spec) = lesson.tasks[1].kind else { return }
    spec.waitsForEvents = true
    lesson.tasks[1].kind = .writeTests(spec)
    let reference = try String(contentsOf: lab.workbook.solutionFolder(of: lab.lesson).appending(path: "Tests/UserStoreTests.swift"), encoding: .utf8)
    let honest = lab.grade(try lab.learner("waits-bounded") { folder in
      try HostileLab.write(reference + """

        @Test func boundsItsWait() async throws {
          // A timeout that bounds a wait and is cancelled once the event comes costs no time and is no guess.
          let timeout = Task { try await Task.sleep(for: .seconds(5)) }
          var store = UserStore()
          let ada = store.add(name: "Ada", email: "ada@example.com")
          timeout.cancel()
          #expect(store.user(id: ada.id)?.name == "Ada")
        }

        @Test func boundsItsWaitUnderLoad() async throws {
          // Under load the event may come, and the timeout be cancelled, only after the timeout's
          // deadline: the timeout ran out, yet nothing waited for it.
          let timeout = Task { try await Task.sleep(for: .milliseconds(5)) }
          let start = ContinuousClock.now
          while ContinuousClock.now - start < .milliseconds(200) {}
          timeout.cancel()
          #expect(UserStore().user(id: 1) == nil)
        }

        """, to: "Tests/UserStoreTests.swift", in: folder)
    }, lesson: lesson)
    #expect(honest.task(2).status == .pass, "\(honest.words(2))")
    // The last waits on a Dispatch worker, outside any test's task, behind a continuation, however short.
    let offThread = "await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in "
      + "DispatchQueue.global().async { Thread.sleep(forTimeInterval: 0.001); done.resume() } }"
    for sleep in ["try await Task.sleep(for: .milliseconds(1))", "try await Task.sleep(nanoseconds: 1)", "Thread.sleep(forTimeInterval: 0.001)", offThread] {
      let guessing = lab.grade(try lab.learner("waits-\(sleep.count)") { folder in
        try HostileLab.write("import Foundation\n" + reference + """

          @Test func waitsAGuess() \(sleep.contains("await") ? "async throws" : "") {
            \(sleep)
            #expect(UserStore().user(id: 1) == nil)
          }

          """, to: "Tests/UserStoreTests.swift", in: folder)
      }, lesson: lesson)
      #expect(guessing.task(2).status == .fail, "\(sleep)")
      // The test's line: after the import, the reference's lines and a blank one.
      let line = reference.filter { $0 == "\n" }.count + 3
      #expect(guessing.words(2).contains("but waitsAGuess() fails  Lessons/01-expect-and-require/Tests/UserStoreTests.swift:\(line)\nThis test waited"), "\(sleep): \(guessing.words(2))")
    }
  }

  /// The command lines of live processes that contain `text`.
  static func processes(matching text: String) -> [String] {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { $0.allSatisfy(\.isNumber) } ?? []
    return pids.compactMap { pid in
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
      let line = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
      return line.contains(text) ? line : nil
    }
  }
}
