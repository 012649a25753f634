import Foundation
@testable import GradeBox
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeJudge
@testable import GradeKit
@testable import GradePolicy
@testable import GradeResults
@testable import GradeRun
import Testing

/// Compiler-graded tasks, graded for real on a small lesson made here.
@Suite("Tasks the compiler grades", .tags(.slow))
struct CompilerGradedTests {
  /// A workbook with one lesson: a compiler-graded task on `Box` and an implement task on `Adder`.
  final class Lab: Sendable {
    static let shared: Lab = {
      do { return try Lab() } catch { fatalError("could not make the compiler-graded lab: \(error)") }
    }()

    let root: URL
    let workbook: Workbook
    let grader: Grader

    static let catalog = #"""
      {"version": 1, "lessons": [{"slug": "sharing", "title": "Sharing safely", "module": "Lab", "tasks": [
        {"title": "Make Box safe to share", "kind": "compiles", "files": ["Sources/Box.swift"],
         "forbidden": ["@unchecked Sendable", "nonisolated(unsafe)"],
         "misuses": [{"file": "Misuses/Share.swift", "group": "SendingRisksDataRace"}],
         "explanations": {"SendingRisksDataRace": "A value sent to another task is no longer yours to use."},
         "hints": ["Who else can touch the box?", "Drop @unchecked Sendable."]},
        {"title": "Add", "kind": "implement", "files": ["Sources/Adder.swift"], "tests": ["AdderTests"],
         "hints": ["Add them.", "return a + b"]},
        {"title": "Count from many threads", "kind": "implement", "files": ["Sources/Tally.swift"], "tests": ["TallyTests"],
         "sanitize": "thread", "hints": ["Two threads, one count.", "Guard it with a Mutex."]}
      ]}]}
      """#

    static let misuse = """
      import Lab

      func share() async {
        let box = Box()
        Task { box.value += 1 } // misuse
        print(box.value)
      }

      """

    private init() throws {
      root = HostileLab.repository.appending(path: ".build/grade-compiler-lab")
      let manager = FileManager.default
      try? manager.removeItem(at: root)
      let book = root.appending(path: "workbook")
      func put(_ text: String, _ path: String) throws {
        let url = book.appending(path: path)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      }
      try put(Self.catalog, "Lessons/catalog.json")
      for tree in ["Lessons", "Solutions"] {
        try put(Self.misuse, "\(tree)/01-sharing/Misuses/Share.swift")
      }
      try put("public final class Box { public var value = 0; public init() {} }\n", "Solutions/01-sharing/Sources/Box.swift")
      try put("// TODO: make it safe\npublic final class Box: @unchecked Sendable { public var value = 0; public init() {} }\n", "Lessons/01-sharing/Sources/Box.swift")
      try put("public func add(_ a: Int, _ b: Int) -> Int { a + b }\n", "Solutions/01-sharing/Sources/Adder.swift")
      try put("// TODO: add\npublic func add(_ a: Int, _ b: Int) -> Int { 0 }\n", "Lessons/01-sharing/Sources/Adder.swift")
      try put("import Testing\n@testable import Lab\n\n@Suite struct AdderTests {\n  @Test func adds() { #expect(add(2, 3) == 5) }\n}\n", "Tests/LabTests/AdderTests.swift")
      try put(Self.safeTally, "Solutions/01-sharing/Sources/Tally.swift")
      try put("// TODO: make it safe\n" + Self.racyTally, "Lessons/01-sharing/Sources/Tally.swift")
      try put("""
        import Foundation
        import Testing
        @testable import Lab

        @Suite struct TallyTests {
          // Threads, not concurrentPerform or a task group: ThreadSanitizer on Linux sees races between Threads.
          @Test func countsFromManyThreads() {
            let tally = Tally()
            let done = DispatchGroup()
            let threads = (0..<4).map { _ in
              done.enter()
              return Thread { for _ in 0..<2_000 { tally.increment() }; done.leave() }
            }
            threads.forEach { $0.start() }
            done.wait()
            #expect(tally.value > 0)
          }
        }

        """, "Tests/LabTests/TallyTests.swift")
      workbook = try Workbook.load(at: book)
      grader = Grader(workbook: workbook, state: StateFolder(root: root.appending(path: "state")), useCache: false)
    }

    static let racyTally = "public final class Tally: @unchecked Sendable {\n  var count = 0\n  public init() {}\n  public func increment() { count += 1 }\n  public var value: Int { count }\n}\n"
    static let mutexTally = "import Synchronization\n\npublic final class Tally: Sendable {\n  let count = Mutex(0)\n  public init() {}\n  public func increment() { count.withLock { $0 += 1 } }\n  public var value: Int { count.withLock { $0 } }\n}\n"
    static let safeTally = "import Foundation\n\npublic final class Tally: @unchecked Sendable {\n  let lock = NSLock()\n  var count = 0\n  public init() {}\n  public func increment() { lock.lock(); count += 1; lock.unlock() }\n  public var value: Int { lock.lock(); defer { lock.unlock() }; return count }\n}\n"

    /// A learner folder holding `box` as Sources/Box.swift, `tally` as Sources/Tally.swift and the solution's adder.
    func learner(_ name: String, box: String, tally: String = Lab.safeTally) throws -> URL {
      let folder = root.appending(path: "learners/\(name)/Sources")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(box.utf8).write(to: folder.appending(path: "Box.swift"))
      try Data(tally.utf8).write(to: folder.appending(path: "Tally.swift"))
      try FileManager.default.copyItem(
        at: workbook.root.appending(path: "Solutions/01-sharing/Sources/Adder.swift"), to: folder.appending(path: "Adder.swift"))
      return folder.deletingLastPathComponent()
    }

    func grade(_ folder: URL) -> LessonResult {
      grader.grade(workbook.catalog.lessons[0], learnerFolder: folder, workspaceName: folder.lastPathComponent)
    }
  }

  let lab = Lab.shared

  @Test("A promise the compiler stops checking fails, and so does the misuse it lets through")
  func uncheckedSendable() throws {
    let result = lab.grade(try lab.learner("unchecked", box: "public final class Box: @unchecked Sendable { public var value = 0; public init() {} }\n"))
    #expect(result.task(1).status == .fail)
    let words = result.words(1)
    #expect(words.contains("Lessons/01-sharing/Sources/Box.swift:1: @unchecked Sendable is a promise the compiler stops checking"), "\(words)")
    #expect(words.contains("Your API lets this misuse compile: Lessons/01-sharing/Misuses/Share.swift:5  Task { box.value += 1 }\nThe compiler should reject it with [#SendingRisksDataRace]."), "\(words)")
    #expect(result.task(2).status == .pass)
  }

  @Test("A promise inherited from a superclass, with no keyword written, is refused like one written out", arguments: [
    "import Foundation\npublic final class Box: Operation { public var value = 0 }\n",
    "import Foundation\npublic class Middle: Operation {}\npublic final class Box: Middle { public var value = 0 }\n",
  ])
  func inheritedUncheckedSendable(_ box: String) throws {
    let result = lab.grade(try lab.learner("inherited-\(box.count)", box: box))
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("@unchecked Sendable, inherited from a superclass is a promise the compiler stops checking"), "\(result.words(1))")
  }

  @Test("A design the compiler checks passes, and its misuse is rejected with the named group")
  func checkedDesign() throws {
    let result = lab.grade(try lab.learner("checked", box: "public final class Box { public var value = 0; public init() {} }\n"))
    #expect(result.task(1).status == .pass, "\(result.words(1))")
    #expect(result.task(1).checks.contains { $0.name.contains("rejects Lessons/01-sharing/Misuses/Share.swift:5 with [#SendingRisksDataRace]") && $0.status == .pass })
  }

  @Test("A compiles task's fixture without the technique must fail the misuse, the refusal or the compiler's error it names")
  func withoutFixtures() throws {
    var lesson = lab.workbook.catalog.lessons[0]
    func put(_ text: String, _ name: String) throws {
      let url = lab.workbook.root.appending(path: "Solutions/01-sharing/Without/\(name)/Sources/Box.swift.edits")
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    // The promise silences the compiler: the task refuses it, and the misuse compiles.
    try put("<<< replace\npublic final class Box {\n=== with\npublic final class Box: @unchecked Sendable {\n>>>\n", "unchecked")
    // A change that keeps the design: nothing the compiler checks fails.
    try put("<<< replace\npublic var value = 0\n=== with\npublic var value = 1\n>>>\n", "one-more")
    lesson.tasks[0].without = [
      .init(name: "unchecked", technique: "a design the compiler checks", fails: "forbidden"),
      .init(name: "unchecked", technique: "a design the compiler checks", fails: "Misuses/Share.swift"),
      .init(name: "one-more", technique: "nothing", fails: "compiles"),
    ]
    let checker = Checker(workbook: lab.workbook, grader: lab.grader, progress: { _ in })
    let breaches = checker.checkWithoutFixtures(of: lesson).map(\.message)
    #expect(breaches == ["task 1: without nothing (one-more), compiles must fail, but the task passes"], "\(breaches)")
  }

  @Test("A task marked for ThreadSanitizer whose tests fail in the plain build fails on those failures, with no TSan build")
  func plainFailureFirst() throws {
    let checked = "public final class Box { public var value = 0; public init() {} }\n"
    let broken = Lab.safeTally.replacingOccurrences(of: "return count }", with: "return 0 }")
    let folder = try lab.learner("plain-fails", box: checked, tally: broken)
    let result = lab.grade(folder)
    #expect(result.task(3).status == .fail)
    #expect(result.words(3).contains("countsFromManyThreads"), "\(result.words(3))")
    #expect(!result.words(3).contains("ThreadSanitizer"), "\(result.words(3))")
    let workspace = lab.grader.state.workspace(folder.lastPathComponent, of: lab.workbook.catalog.lessons[0])
    #expect(!FileManager.default.fileExists(atPath: workspace.appending(path: "build-tsan").path))
  }

  @Test("A data race ThreadSanitizer reports fails a task marked for it, with the report trimmed to the learner's code")
  func dataRace() throws {
    let checked = "public final class Box { public var value = 0; public init() {} }\n"
    let racy = lab.grade(try lab.learner("racy", box: checked, tally: Lab.racyTally))
    #expect(racy.task(3).status == .fail)
    let words = racy.words(3)
    #expect(words.contains("ThreadSanitizer reported a data race"), "\(words)")
    #expect(words.contains("Tally.swift"), "\(words)")
    #expect(racy.task(2).status == .pass)
    let safe = lab.grade(try lab.learner("safe", box: checked))
    #expect(safe.task(3).status == .pass, "\(safe.words(3))")
  }

  @Test("A read through reflection in a task ThreadSanitizer grades is refused, since the sanitizer cannot see it")
  func reflectionRead() throws {
    let checked = "public final class Box { public var value = 0; public init() {} }\n"
    let peeking = Lab.safeTally.replacingOccurrences(
      of: "public var value: Int { lock.lock(); defer { lock.unlock() }; return count }",
      with: "public var value: Int { Mirror(reflecting: self).children.first { $0.label == \"count\" }?.value as? Int ?? 0 }")
    #expect(peeking != Lab.safeTally)
    let result = lab.grade(try lab.learner("reflection", box: checked, tally: peeking))
    #expect(result.task(3).status == .fail)
    #expect(result.words(3).contains("uses Mirror, which reads stored properties inside the Swift runtime"), "\(result.words(3))")
    #expect(result.task(2).status == .pass)
  }

  @Test("A read through a key path the runtime applies, in a task ThreadSanitizer grades, is refused like reflection")
  func keyPathRead() throws {
    let checked = "public final class Box { public var value = 0; public init() {} }\n"
    let peeking = Lab.safeTally.replacingOccurrences(
      of: "public var value: Int { lock.lock(); defer { lock.unlock() }; return count }",
      with: "static let path: KeyPath<Tally, Int> = \\.count\n  public var value: Int { self[keyPath: Tally.path] }")
    #expect(peeking != Lab.safeTally)
    let result = lab.grade(try lab.learner("key-path", box: checked, tally: peeking))
    #expect(result.task(3).status == .fail)
    #expect(result.words(3).contains("uses swift_getAtKeyPath, which reads stored properties inside the Swift runtime"), "\(result.words(3))")
    #expect(result.task(2).status == .pass)
  }

  @Test(
    "A tally that reads its count unlocked through a key path and through reflection earns nothing where the box has no namespaces, in a class and on Gradescope",
    arguments: [GradingMode.plain, .classGrading, .autograde])
  func runtimeReadsInEveryMode(mode: GradingMode) throws {
    // The reads ThreadSanitizer cannot see, each a way to pass with no lock on the read; in
    // a learner's own grade, keyPathRead and reflectionRead.
    let peeking = Lab.safeTally.replacingOccurrences(
      of: "public var value: Int { lock.lock(); defer { lock.unlock() }; return count }",
      with: """
        static let path: KeyPath<Tally, Int> = \\.count
          public var value: Int { self[keyPath: Tally.path] }
          public var description: String { "\\(Mirror(reflecting: self).children.first { $0.label == "count" }?.value ?? 0)" }
        """)
    #expect(peeking != Lab.safeTally)
    let folder = try lab.learner("runtime-reads-\(mode.rawValue)", box: "public final class Box { public var value = 0; public init() {} }\n", tally: peeking)
    let graded = try mode.grade(
      folder, as: lab.workbook.catalog.lessons[0], with: lab.grader, name: "runtime-reads", scratch: lab.root.appending(path: "modes"))
    #expect(!graded.passed(3))
    #expect(graded.words(3).contains("uses swift_getAtKeyPath, which reads stored properties inside the Swift runtime"), "\(mode): \(graded.words(3))")
    #expect(graded.words(3).contains("uses Mirror, which reads stored properties inside the Swift runtime"), "\(mode): \(graded.words(3))")
    #expect(graded.passed(2), "\(mode): \(graded.words(2))")
  }

  @Test("A library ThreadSanitizer grades may call the runtime's own functions for references, metadata and tasks, and no other")
  func instrumentedRuntime() {
    for name in ["swift_retain", "swift_beginAccess", "swift_task_switch", "swift_lookUpClassMethod", "swift_getTypeByMangledNameInContext2", "swift_weakLoadStrong"] {
      #expect(MachineCodeRules.isInstrumented(name), "\(name)")
    }
    for name in ["swift_getAtKeyPath", "swift_getKeyPath", "swift_setAtWritableKeyPath", "swift_reflectionMirror_subscript", "swift_getFieldAt", "swift_x"] {
      #expect(!MachineCodeRules.isInstrumented(name), "\(name)")
    }
  }

  @Test("Code that compiles only in Swift 5 mode fails the compiler's task at the learner's line; the other tasks still run")
  func swift5Only() throws {
    let box = "public final class Box { public var value = 0; public init() {} }\npublic var sharedBox = Box()\n"
    let result = lab.grade(try lab.learner("global", box: box))
    #expect(result.task(1).status == .fail)
    let finding = try #require(result.task(1).findings.first { if case .concurrencyDiagnostic = $0 { true } else { false } })
    guard case .concurrencyDiagnostic(let diagnostic, _) = finding else { return }
    #expect(diagnostic.path == "Lessons/01-sharing/Sources/Box.swift")
    #expect(diagnostic.line == 2)
    #expect(diagnostic.group != nil)
    #expect(result.task(2).status == .pass, "\(result.words(2))")
  }

  @Test("A learner still at a Swift 6 error is graded alike when Swift 5 compiles beside Swift 6, and a fix ends it")
  func swift6ErrorAgain() throws {
    let box = "public final class Box { public var value = 0; public init() {} }\npublic var sharedBox = Box()\n"
    let folder = try lab.learner("global-again", box: box)
    let marker = lab.grader.state.workspace("global-again", of: lab.workbook.catalog.lessons[0]).appending(path: "build/module/swift6-failed")
    func diagnosticLines(_ result: LessonResult) -> [Int?] {
      result.task(1).findings.compactMap { if case .concurrencyDiagnostic(let diagnostic, _) = $0 { diagnostic.line } else { nil } }
    }
    let first = lab.grade(folder)
    #expect(FileManager.default.fileExists(atPath: marker.path), "the failed Swift 6 compile is remembered")
    // An edit that keeps the error: the two modes now compile side by side.
    try Data((box + "// still global\n").utf8).write(to: folder.appending(path: "Sources/Box.swift"))
    let again = lab.grade(folder)
    #expect(again.tasks.map(\.status) == first.tasks.map(\.status))
    #expect(diagnosticLines(again) == [2] && diagnosticLines(first) == [2], "\(again.words(1))")
    #expect(again.task(2).status == .pass, "\(again.words(2))")
    try Data("public final class Box { public var value = 0; public init() {} }\n".utf8).write(to: folder.appending(path: "Sources/Box.swift"))
    let fixed = lab.grade(folder)
    #expect(fixed.task(1).status == .pass, "\(fixed.words(1))")
    #expect(!FileManager.default.fileExists(atPath: marker.path), "a Swift 6 compile that succeeds forgets the failure")
  }

  @Test("Code that hides its race from ThreadSanitizer is refused or does not compile, however it finds the sanitizer's switch")
  func hiddenRace() throws {
    let checked = "public final class Box { public var value = 0; public init() {} }\n"
    let hidden = [
      "@_silgen_name(\"__tsan_ignore_thread_begin\") func quiet()\n@_silgen_name(\"__tsan_ignore_thread_end\") func loud()\n"
        + Lab.racyTally.replacingOccurrences(of: "count += 1", with: "quiet(); count += 1; loud()"),
      "import Foundation\n"
        + Lab.racyTally.replacingOccurrences(
          of: "count += 1",
          with: "if let f = dlsym(UnsafeMutableRawPointer(bitPattern: -2), \"__tsan_ignore_thread_begin\") { unsafeBitCast(f, to: (@convention(c) () -> Void).self)() }; count += 1"),
    ]
    for (index, tally) in hidden.enumerated() {
      let result = lab.grade(try lab.learner("hidden-race-\(index)", box: checked, tally: tally))
      #expect(result.task(3).status == .fail, "\(result.words(3))")
      // Refused by the survey (an underscored attribute) or by the compiler (unsafe code).
      #expect(
        result.task(3).findings.contains {
          switch $0 {
          case .refused, .compileErrors: true
          default: false
          }
        }, "\(result.words(3))")
      #expect(result.task(2).status == .pass, "\(result.words(2))")
    }
  }

  @Test("A deprecation message that prints like the misuse's rejection is a warning and nothing more")
  func forgedRejection() throws {
    let forger = """
      public final class Box: Sendable {
        @available(*, deprecated, message: "old\\nShare.swift:5:13: error: sending 'box' risks causing data races [#SendingRisksDataRace]")
        public init() {}
        public var value: Int { get { 0 } nonmutating set {} }
      }

      """
    let result = lab.grade(try lab.learner("forged-rejection", box: forger))
    #expect(result.task(1).status == .fail, "\(result.words(1))")
    #expect(!result.task(1).checks.contains { $0.name.contains("rejects") && $0.status == .pass }, "\(result.task(1).checks)")
  }

  @Test("A phrase the task refuses is found past strings that look like comments, and past a module's name")
  func refusedPastStrings() throws {
    for box in [
      "let opener = \"\\\"/*\"\npublic final class Box { public var value = 0; public init() {} }\nnonisolated(unsafe) var shared = Box()\nlet closer = \"*/\"\n",
      "public final class Box: @unchecked Swift.Sendable { public var value = 0; public init() {} }\n",
    ] {
      let result = lab.grade(try lab.learner("past-strings-\(box.count)", box: box))
      #expect(result.task(1).status == .fail, "\(box)")
      #expect(result.words(1).contains("a promise the compiler stops checking"), "\(box): \(result.words(1))")
    }
  }

  @Test("A Mutex guards state as surely as NSLock under ThreadSanitizer, and a race beside one is still found")
  func mutexUnderThreadSanitizer() throws {
    let checked = "public final class Box { public var value = 0; public init() {} }\n"
    let safe = lab.grade(try lab.learner("mutex", box: checked, tally: Lab.mutexTally))
    #expect(safe.task(3).status == .pass, "\(safe.words(3))")
    let beside = Lab.mutexTally
      .replacingOccurrences(of: "public final class Tally: Sendable {", with: "public final class Tally: @unchecked Sendable {\n  var calls = 0")
      .replacingOccurrences(of: "count.withLock { $0 += 1 } }", with: "count.withLock { $0 += 1 }; calls += 1 }")
    let racy = lab.grade(try lab.learner("mutex-beside", box: checked, tally: beside))
    #expect(racy.task(3).status == .fail)
    #expect(racy.words(3).contains("ThreadSanitizer reported a data race"), "\(racy.words(3))")
    #expect(racy.words(3).contains("Tally.increment()"), "the frame is named in words: \(racy.words(3))")
  }

  @Test("A compile error in one task's file fails that task alone: the others are graded with that file as handed out")
  func compileErrorStaysInItsTask() throws {
    let broken = "public final class Box { public var value: Int = \"zero\"; public init() {} }\n"
    let result = lab.grade(try lab.learner("broken-box", box: broken))
    #expect(result.task(1).status == .fail)
    #expect(result.words(1).contains("Lessons/01-sharing/Sources/Box.swift:1:"), "\(result.words(1))")
    #expect(result.task(2).status == .pass, "\(result.words(2))")
    #expect(result.task(3).status == .pass, "\(result.words(3))")
  }
}

@Suite("Misuses when the learner's own file does not compile")
struct MisuseVerdictTests {
  @Test("A misuse is not said to compile against the learner's API while their file has a plain error: it waits for the file")
  func waitsForTheFile() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    let task = try #require(workbook.catalog.lessons.flatMap(\.tasks).first { if case .compiles(let spec) = $0.kind { !spec.misuses.isEmpty } else { false } })
    guard case .compiles(let spec) = task.kind else { return }
    let path = try #require(task.files.first)
    var missingAwait = Diagnostic(path: path, line: 29, column: 15, message: "expression is 'async' but is not marked with 'await'")
    missingAwait.group = nil
    let misuse = TaskEvaluator.MisuseCheck(misuse: spec.misuses[0], path: "Misuses/Misuse.swift", source: "let x = 1 // misuse\n", diagnostics: [])
    let broken = TaskEvaluator.compiles(task, spec: spec, owned: [(path, "")], swift6: [missingAwait], moduleErrors: nil, misuses: [misuse])
    #expect(broken.checks.last?.findings == [.waitsFor(files: [path])])

    // An error in another task's file is that task's: this one waits for it, and does not pass.
    let other = "Lessons/10-x/Sources/Other.swift"
    let elsewhere = Diagnostic(path: other, line: 3, column: 1, message: "sending 'x' risks causing data races")
    let waiting = TaskEvaluator.compiles(
      task, spec: spec, owned: [(path, "")], othersOwned: [other], swift6: [elsewhere], moduleErrors: nil, misuses: [])
    #expect(waiting.checks.first?.findings == [.waitsFor(files: [other])])
    #expect(waiting.status == .fail)

    // With the file compiling, the same misuse compiling is the learner's API letting it through.
    let accepted = TaskEvaluator.compiles(task, spec: spec, owned: [(path, "")], swift6: [], moduleErrors: nil, misuses: [misuse])
    guard case .misuseAccepted = accepted.checks.last?.findings.first else {
      Issue.record("expected the misuse to be accepted: \(accepted.checks)")
      return
    }
  }
}
