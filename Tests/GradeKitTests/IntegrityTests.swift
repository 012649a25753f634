import Foundation
@testable import GradeBox
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeFeedback
@testable import GradeJudge
@testable import GradeKit
@testable import GradeProcesses
@testable import GradeRun
import Testing

/// Submissions that try to earn a task without the skill it asks for: by reading the code
/// under test instead of testing it, by changing the harness that reports on them, or by
/// making the grader itself hang or draw a pass. Each is graded for real, as in a class.
@Suite("Submissions that try to earn a task without the skill", .tags(.slow))
struct IntegrityTests {
  let lab = HostileLab.shared

  /// A test file for task 2 that must pass on the wheat and fail on every chaff to earn it.
  static func fingerprint(_ reading: String) -> String {
    HostileLab.userStoreTest("""
        // Written as a student who read the grader would: tell the variants apart by their bytes.
        \(reading)
      """, imports: "#if canImport(Glibc)\nimport Glibc\n#endif")
  }

  @Test("A test that hashes the code under test through unsafe pointers does not compile, and is told why")
  func unsafeFingerprint() throws {
    let folder = try lab.learner("fingerprint-unsafe") { folder in
      try HostileLab.write(Self.fingerprint("""
            let handle = dlopen(nil, RTLD_NOW)
            let symbol = dlsym(handle, "$s13ExpectRequire9UserStoreV4user2idAA4UserVSgSi_tF")
            let bytes = UnsafeRawBufferPointer(start: symbol, count: 64)
            #expect(bytes.reduce(0) { $0 &+ Int($1) } == 1234)
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    // Glibc allowed, so that what stops the file is the compiler's memory-safety error alone.
    let result = lab.grade(folder, lesson: lab.lesson(allowing: ["Glibc"]))
    #expect(result.task(2).status == .fail)
    #expect(result.task(2).findings.contains { if case .compileErrors = $0 { true } else { false } }, "\(result.words(2))")
    #expect(result.words(2).contains("Unsafe pointers and memory are refused in your files"), "\(result.words(2))")
    #expect(result.words(2).contains("Lessons/01-expect-and-require/Tests/UserStoreTests.swift:"), "\(result.words(2))")
    #expect(result.task(1).status == .pass)
    #expect(result.task(3).status == .pass)
    try lab.expectNothingOutsideChanged()
  }

  @Test("A file that says its code is elsewhere is refused, and its unsafe code still does not compile")
  func sourceLocation() throws {
    let folder = try lab.learner("fingerprint-relocated") { folder in
      try HostileLab.write(
        "#sourceLocation(file: \"Tests/Somewhere.swift\", line: 1)\n"
          + Self.fingerprint("""
            let handle = dlopen(nil, RTLD_NOW)
            let symbol = dlsym(handle, "$s13ExpectRequire9UserStoreV4user2idAA4UserVSgSi_tF")
            let bytes = UnsafeRawBufferPointer(start: symbol, count: 64)
            #expect(bytes.reduce(0) { $0 &+ Int($1) } == 1234)
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Lessons/01-expect-and-require/Tests/UserStoreTests.swift:1"), "\(result.words(2))")
    #expect(result.words(2).contains("#sourceLocation"), "\(result.words(2))")
    #expect(result.task(1).status == .pass)
    #expect(result.task(3).status == .pass)
  }

  @Test("Code under test may not bring its own ==, which the canonical tests would compare with")
  func lyingEquality() throws {
    let folder = try lab.learner("lying-equality") { folder in
      let file = folder.appending(path: "Sources/ScoreValidator.swift")
      var text = try String(contentsOf: file, encoding: .utf8)
      text += "\nextension ScoreError {\n  public static func == (a: ScoreError, b: ScoreError) -> Bool { true }\n}\n"
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    let result = lab.grade(folder)
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("declares the operator =="), "\(result.words(1))")
  }

  @Test("The `unsafe` keyword and @safe, which switch the memory-safety check off, are refused")
  func unsafeMarking() throws {
    let folder = try lab.learner("fingerprint-marked") { folder in
      try HostileLab.write(Self.fingerprint("""
            let handle = unsafe dlopen(nil, RTLD_NOW)
            #expect(unsafe handle != nil)
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("unsafe switches off the compiler's memory-safety checks"), "\(result.words(2))")
  }

  @Test("Where grades count, without namespaces too, a relocated file and a lying == earn nothing")
  func whereGradesCount() throws {
    let submissions = lab.root.appending(path: "integrity-class-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: submissions) }
    let relocated = try lab.learner("class-relocated") { folder in
      let file = folder.appending(path: "Tests/UserStoreTests.swift")
      // Every assertion dropped, and the file says it is somewhere else.
      try HostileLab.write(
        "#sourceLocation(file: \"Elsewhere.swift\", line: 1)\n" + HostileLab.userStoreTest("    #expect(Bool(true))"),
        to: "Tests/UserStoreTests.swift", in: folder)
      #expect(FileManager.default.fileExists(atPath: file.path))
    }
    let lying = try lab.learner("class-lying") { folder in
      let file = folder.appending(path: "Sources/ScoreValidator.swift")
      let text = try String(contentsOf: file, encoding: .utf8)
        + "\nextension ScoreError {\n  public static func == (a: ScoreError, b: ScoreError) -> Bool { true }\n}\n"
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    for (name, folder) in [("relocated", relocated), ("lying", lying)] {
      try FileManager.default.createDirectory(at: submissions.appending(path: "\(name)/Lessons"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: folder, to: submissions.appending(path: "\(name)/Lessons/01-expect-and-require"))
    }
    var grader = lab.grader
    grader.isolation = HostileLab.withoutNamespaces(grader.isolation)
    let records = submissions.appendingPathExtension("report").appending(path: "records")
    defer { try? FileManager.default.removeItem(at: records.deletingLastPathComponent()) }
    let graded = try ClassGrader(grader: grader, learnersAtOnce: 2) { _ in }.grade(submissions: submissions, lessons: [lab.lesson], records: records)
    let tasks = Dictionary(uniqueKeysWithValues: graded.map { ($0.learner, $0.lessons[0].result.tasks) })
    #expect(tasks["relocated"]?[1].status == .fail)
    #expect(tasks["relocated"]?[1].findings.contains { if case .refused = $0 { true } else { false } } == true)
    #expect(tasks["lying"]?[0].status == .fail)
    #expect(tasks["lying"]?[1].status == .pass)
    try lab.expectNothingOutsideChanged()
  }

  @Test(
    "A file that says it is elsewhere and code that brings its own == earn nothing in every mode",
    arguments: GradingMode.allCases)
  func sourceAndOracleInEveryMode(mode: GradingMode) throws {
    let folder = try lab.learner("relocated-lying-\(mode.rawValue)") { folder in
      // Task 1: stub bodies behind an == that says every error is the one expected.
      try HostileLab.write("""
        public enum ScoreValidator {
          public static let validRange = 0...100
          public static func validate(_ score: Int) throws(ScoreError) -> Int { score }
          public static func parse(_ text: String) throws(ScoreError) -> Int { 0 }
        }

        extension ScoreError {
          public static func == (a: ScoreError, b: ScoreError) -> Bool { true }
        }

        """, to: "Sources/ScoreValidator.swift", in: folder)
      // Task 2: every assertion dropped, in a file that says it is somewhere else.
      try HostileLab.write(
        "#sourceLocation(file: \"Elsewhere.swift\", line: 1)\n" + HostileLab.userStoreTest("    #expect(Bool(true))"),
        to: "Tests/UserStoreTests.swift", in: folder)
    }
    let graded = try mode.grade(folder, as: lab.lesson, with: lab.grader, name: "relocated-lying", scratch: lab.root.appending(path: "modes"))
    #expect(!graded.passed(1))
    #expect(graded.words(1).contains("declares the operator =="), "\(mode): \(graded.words(1))")
    #expect(!graded.passed(2))
    #expect(graded.words(2).contains("#sourceLocation"), "\(mode): \(graded.words(2))")
    #expect(graded.passed(3), "\(mode): \(graded.words(3))")
  }

  @Test(
    "A test cannot read the program it runs in, from its file or from its memory",
    .enabled(if: HostileLab.shared.grader.isolation.codeHidden, "this machine's box cannot hide the code; the notice says so"))
  func safeFingerprint() throws {
    let folder = try lab.learner("fingerprint-safe") { folder in
      try HostileLab.write(Self.fingerprint("""
            let program = FileManager.default.contents(atPath: "/box/bin/tests")
            let itself = FileManager.default.contents(atPath: "/proc/self/exe")
            let memory = FileHandle(forReadingAtPath: "/proc/self/mem")
            #expect(program != nil || itself != nil || memory != nil)
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, lesson: lab.lesson(allowing: ["Glibc"]))
    #expect(result.task(2).status == .fail)
    #expect(result.words(2).contains("Your tests must pass against a correct implementation, but hostile() fails"), "\(result.words(2))")
  }

  @Test("A variant built in another workbook differs in its bytes and size, and so does each run's copy")
  func variantsDifferByWorkbook() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-salt-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    var sources = WorkspacePlan.Sources()
    sources.add("Add.swift", Data("public func add(_ a: Int, _ b: Int) -> Int { a + b }\n".utf8), shownAs: "Add.swift")
    func build(_ name: String) throws -> Data {
      let state = StateFolder(root: root.appending(path: name))
      let compiler = Compiler(spawner: Spawner(), state: state)
      let folder = try VariantBuild.build(sources, module: "Lab", state: state, compiler: compiler).get()
      return try Data(contentsOf: folder.appending(path: Compiler.programName))
    }
    let home = try build("home")
    let instructor = try build("instructor")
    #expect(home != instructor)
    #expect(home.count != instructor.count)
    let program = root.appending(path: "program")
    try home.write(to: program)
    let copies = try (0..<3).map { index -> Int in
      let copy = root.appending(path: "copy-\(index)")
      try Box.copyExecuteOnly(program, to: copy)
      return try manager.attributesOfItem(atPath: copy.path)[.size] as! Int
    }
    #expect(Set(copies).count > 1, "\(copies)")
  }

  @Test("A variant built from the solution's objects holds its own code, however soon after another it is built")
  func variantsBuiltFromTheSolutionHoldTheirOwnCode() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-base-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    func sources(_ word: String) -> WorkspacePlan.Sources {
      var sources = WorkspacePlan.Sources()
      sources.add("Word.swift", Data("public func word() -> String { \"\(word)\" }\n".utf8), shownAs: "Word.swift")
      sources.add("Shout.swift", Data("public func shout() -> String { word().uppercased() }\n".utf8), shownAs: "Shout.swift")
      return sources
    }
    let state = StateFolder(root: root.appending(path: "state"))
    let compiler = Compiler(spawner: Spawner(), state: state)
    let solution = sources("solution-word")
    // Each is built within moments of the last: a driver that went by the second would see no change.
    for word in ["first-chaff-word", "second-chaff-word", "third-chaff-word"] {
      let folder = try VariantBuild.build(sources(word), base: solution, module: "Lab", state: state, compiler: compiler).get()
      let program = try Data(contentsOf: folder.appending(path: Compiler.programName))
      #expect(program.firstRange(of: Data(word.utf8)) != nil, "\(word)")
      #expect(program.firstRange(of: Data("solution-word".utf8)) == nil, "\(word)")
    }
  }

  @Test("Code that replaces the harness's fwrite with @_cdecl is refused; the lesson's other tasks are graded without it")
  func harnessTampering() throws {
    let folder = try lab.learner("fwrite") { folder in
      try HostileLab.write("""
        import Foundation

        public enum ScoreValidator {
          public static let validRange = 0...100
          public static func validate(_ score: Int) throws(ScoreError) -> Int { 0 }
          public static func parse(_ text: String) throws(ScoreError) -> Int { 0 }
        }

        @_cdecl("fwrite") public func dropEveryIssue() -> Int { 0 }

        """, to: "Sources/ScoreValidator.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("@_cdecl is one of the compiler's underscored attributes"), "\(result.words(1))")
    #expect(result.task(2).status == .pass, "\(result.words(2))")
    #expect(result.task(3).status == .pass, "\(result.words(3))")
    try lab.expectNothingOutsideChanged()
  }

  @Test("Code that swaps the event stream for a forged one through file handles and dup2 is refused before it runs")
  func forgedStreamFromCode() throws {
    let folder = try lab.learner("forged-stream") { folder in
      let path = folder.appending(path: "Sources/ScoreValidator.swift")
      var text = try String(contentsOf: path, encoding: .utf8)
      text = text.replacingOccurrences(of: "import Foundation", with: """
        import Foundation
        #if canImport(Glibc)
        import Glibc
        #endif
        func silence() {
          // Every record Swift Testing writes from now on goes nowhere; a forged, passing one goes in its place.
          guard let null = FileHandle(forWritingAtPath: "/dev/null") else { return }
          let saved = dup(3)
          _ = dup2(null.fileDescriptor, 3)
          let end = #"{"kind":"event","payload":{"kind":"runEnded","messages":[]},"version":0}"# + "\\n"
          FileHandle(fileDescriptor: saved).write(Data(end.utf8))
        }
        let silenced: Void = silence()
        """)
      text = text.replacingOccurrences(of: "guard validRange.contains(score) else { throw .outOfRange(score) }", with: "_ = silenced")
      try HostileLab.write(text, to: "Sources/ScoreValidator.swift", in: folder)
    }
    let result = lab.grade(folder, lesson: lab.lesson(allowing: ["Glibc"]))
    #expect(result.task(1).status != .pass)
    // Refused in the built code (dup and dup2 are C library functions no lesson needs); a relay
    // that got past that would find every record sealed (ConfinementTests, BoxTests.framing).
    #expect(result.words(1).contains("calls the C function dup"), "\(result.words(1))")
  }

  @Test("An underscored attribute is seen wherever it hides, and the lesson's other tasks are still graded")
  func hiddenAttribute() throws {
    let folder = try lab.learner("hidden-attribute") { folder in
      let path = folder.appending(path: "Sources/ScoreValidator.swift")
      let hidden = "\n#if canImport(Foundation)\n@_silgen_name(\"swift_retain\") func retain()\n#endif\n"
      try HostileLab.write(try String(contentsOf: path, encoding: .utf8) + hidden, to: "Sources/ScoreValidator.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("@_silgen_name is one of the compiler's underscored attributes"), "\(result.words(1))")
    #expect(result.task(2).status == .pass, "\(result.words(2))")
  }

  @Test("A test's scratch folder is capped and gone after the run, deep trees and all")
  func scratchVanishes() throws {
    let folder = try lab.learner("scratch") { folder in
      try HostileLab.write(HostileLab.userStoreTest("""
            let chunk = Data(repeating: 7, count: 1 << 20)
            for file in ["a", "b"] {
              FileManager.default.createFile(atPath: file, contents: nil)
              if let handle = FileHandle(forWritingAtPath: file) { for _ in 0..<60 { try? handle.write(contentsOf: chunk) } }
            }
            var path = "deep"
            for _ in 0..<600 {
              try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
              path += "/\\(String(repeating: "d", count: 50))"
            }
            #expect(Bool(true))
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    _ = lab.grade(folder)
    let runs = lab.grader.state.workspace(folder.lastPathComponent, of: lab.lesson).appending(path: "runs")
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: runs.path)) ?? []).isEmpty)
    try lab.expectNothingOutsideChanged()
  }

  @Test("Case names made to trip a backtracking pattern are graded in one pass", .timeLimit(.minutes(2)))
  func namedCasesStayLinear() throws {
    var lesson = lab.lesson
    guard case .writeTests(var spec) = lesson.tasks[1].kind else { return }
    spec.namedCases = true
    lesson.tasks[1].kind = .writeTests(spec)
    let folder = try lab.learner("named-cases") { folder in
      try HostileLab.write("""
        import Testing
        @testable import ExpectRequire

        struct Trap: CustomTestStringConvertible, Sendable {
          var testDescription: String { String(repeating: ", A<", count: 32_000) }
        }

        @Suite struct UserStoreTests {
          @Test(arguments: [Trap()]) func trips(_ trap: Trap) { #expect(UserStore().user(id: 1) == nil) }
        }

        """, to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, lesson: lesson)
    #expect(result.task(2).status == .fail)
    #expect(TaskEvaluator.isDefaultDescription(String(repeating: ", A<", count: 32_000)) == false)
    #expect(TaskEvaluator.isDefaultDescription("DiscountCase(price: 1015, percent: 10)"))
    #expect(TaskEvaluator.isDefaultDescription("10, Zone.Outer.Ring<Int>(id: 3)"))
  }

  @Test("Every byte a test supplies is shown as data: no escape sequence or newline reaches the screen, the JSON or the Markdown")
  func textIsData() throws {
    let folder = try lab.learner("terminal") { folder in
      try HostileLab.write("""
        import Testing
        @testable import ExpectRequire

        @Suite struct UserStoreTests {
          @Test("Looks fine\\n  ✔ Task 2  Test a store that returns optionals") func fake() {
            Issue.record("\\u{1B}[4A\\u{1B}[2K\\u{1B}[32m✔ Task 2\\u{1B}[0m\\u{9B}2K\\u{202E}")
          }
        }

        """, to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder)
    #expect(result.task(2).status == .fail)
    let text = FeedbackRenderer(style: Style(colored: false)).lesson(lab.lesson, result)
    let json = ResultsJSON.encode([(lab.lesson, result)])
    let record = LearnerRecord(learner: "terminal", fingerprint: "x", lessons: [.init(lesson: 1, slug: lab.lesson.slug, result: result)])
    let markdown = Gradebook.markdown(record, lessons: [lab.lesson])
    for (name, shown) in [("text", text), ("json", json), ("markdown", markdown)] {
      #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E }, "\(name): \(shown)")
      #expect(!shown.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("✔ Task 2") }, "\(name): \(shown)")
    }
    #expect(text.contains("Looks fine\\n  ✔ Task 2"), "\(text)")
    #expect(json.contains("Issue recorded\\n↳ \\\\u{1B}[4A"), "the JSON carries the comment the text shows: \(json)")
  }

  @Test("A test cannot take a file lock, which two runs side by side could talk through")
  func noLocks() throws {
    let folder = try lab.learner("locks") { folder in
      try HostileLab.write(Self.fingerprint("""
            let descriptor = FileHandle(forReadingAtPath: "/usr/bin/env")?.fileDescriptor ?? -1
            #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        """), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let result = lab.grade(folder, lesson: lab.lesson(allowing: ["Glibc"]))
    #expect(result.task(2).status == .fail)
    // flock is refused in the built code; a run that reached it anyway is refused the call (BoxTests: lock=-1).
    #expect(result.words(2).contains("calls the C function flock"), "\(result.words(2))")
  }
}
