import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeFeedback
@testable import GradeKit
@testable import GradeProcesses
import Testing

/// `grade release`, done for real on lesson 1: what the copy holds, what it hides, and grading in it.
@Suite("A released copy", .tags(.slow), .serialized)
struct ReleaseTests {
  /// A git checkout of lesson 1, released once per test process.
  final class Released: Sendable {
    static let shared: Released = {
      do { return try Released() } catch { fatalError("could not release the workbook: \(error)") }
    }()

    let source: Workbook
    let out: URL
    let summary: Release.Summary

    private init() throws {
      let root = HostileLab.repository.appending(path: ".build/grade-release-lab")
      let manager = FileManager.default
      try? manager.removeItem(at: root)
      let book = root.appending(path: "workbook")
      for part in ["Lessons/01-expect-and-require", "Solutions/01-expect-and-require", "Tests/ExpectRequireTests"] {
        try manager.createDirectory(at: book.appending(path: part).deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: HostileLab.repository.appending(path: part), to: book.appending(path: part))
      }
      try Data(HostileLab.lessonOneCatalog().utf8).write(to: book.appending(path: "Lessons/catalog.json"))
      let git = Spawner()
      for command in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "lesson 1"]] {
        let outcome = try git.run(["git", "-C", book.path] + command, until: .now + .seconds(60))
        guard outcome.succeeded else { throw GradeError.infrastructure(outcome.output) }
      }
      source = try Workbook.load(at: book)
      out = root.appending(path: "out")
      summary = try Release.write(with: Grader(workbook: source, state: StateFolder(root: root.appending(path: "state"))), to: out)
    }
  }

  let released = Released.shared

  /// Every file under the released copy, relative to it.
  func files() -> [String] {
    (FileManager.default.enumerator(atPath: released.out.path)?.allObjects as? [String] ?? []).filter { path in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: released.out.appending(path: path).path, isDirectory: &isFolder) && !isFolder.boolValue
    }
  }

  @Test("The copy holds the compiled variants and no solution, chaff or reference test, and no implement task's solution compiled")
  func holdsNoAnswers() throws {
    let lesson = released.source.catalog.lessons[0]
    // Each write-tests task's kept mutants ship as one program, with the words of each change.
    let kept = try #require(try KeptMutants.load(lesson, in: released.source))
    let withMutants = kept.tasks.filter { !$0.kept.isEmpty }
    #expect(released.summary.variants == 2 + withMutants.count + lesson.tasks.compactMap { task -> Int? in
      if case .writeTests(let spec) = task.kind { spec.chaffs.count + spec.wheats.count } else { nil }
    }.reduce(0, +))
    let manifest = try #require(ReleasedVariants.manifests(in: released.out).first?.manifest)
    for task in withMutants {
      let shipped = try #require(manifest.mutants?[lesson.folder]?[String(task.task)])
      #expect(shipped.changes.map(\.id) == task.kept.map(\.id))
      #expect(shipped.changes.allSatisfy { $0.quoted != nil && $0.location?.hasPrefix("Lessons/") == true })
    }
    let paths = files()
    #expect(!paths.contains { $0.hasPrefix("Solutions") })
    // The catalog names no bug: each misconception is sealed; the copy's own grader unseals it.
    let catalog = try String(contentsOf: released.out.appending(path: "Lessons/catalog.json"), encoding: .utf8)
    for case .writeTests(let spec) in lesson.tasks.map(\.kind) {
      for chaff in spec.chaffs { #expect(!catalog.contains(chaff.misconception), "\(chaff.misconception)") }
    }
    #expect(!catalog.contains("\"without\""))
    let copy = try Workbook.load(at: released.out)
    #expect(copy.catalog.lessons[0].tasks.map(\.kind) == lesson.tasks.map(\.kind).map { kind in
      guard case .writeTests(var spec) = kind else { return kind }
      for index in spec.chaffs.indices { spec.chaffs[index].name = "chaff-\(index + 1)" }
      for index in spec.wheats.indices { spec.wheats[index].name = "wheat-\(index + 1)" }
      return .writeTests(spec)
    })
    // Its README is a learner's.
    let readme = try String(contentsOf: released.out.appending(path: "README.md"), encoding: .utf8)
    #expect(readme.contains("## This copy") && !readme.contains("## Instructors"))
    #expect(paths.contains { $0.hasSuffix("manifest.json") })

    // Every chaff's name, and every line a chaff or a reference test has that the starter has not.
    let solution = released.source.solutionFolder(of: lesson)
    var secrets: [String] = []
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind else { continue }
      for chaff in spec.chaffs {
        secrets.append(chaff.name)
        for name in swiftFiles(in: solution.appending(path: "Chaffs/\(chaff.name)")) {
          let wheat = Set(try String(contentsOf: solution.appending(path: "Sources/\(name)"), encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
          let lines = try String(contentsOf: solution.appending(path: "Chaffs/\(chaff.name)/\(name)"), encoding: .utf8).split(separator: "\n")
          secrets += lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 12 && !wheat.contains($0) }
        }
      }
      for file in task.files {
        let starter = Set(try String(contentsOf: released.source.starterFolder(of: lesson).appending(path: file), encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let reference = try String(contentsOf: solution.appending(path: file), encoding: .utf8).split(separator: "\n")
        secrets += reference.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 24 && !starter.contains($0) }
      }
    }
    // The walkthrough and the hints show some lines on purpose; those are not secrets.
    let lessons = released.source.root.appending(path: "Lessons")
    let taught = (FileManager.default.enumerator(atPath: lessons.path)?.allObjects as? [String] ?? []).compactMap { path in
      try? String(contentsOf: lessons.appending(path: path), encoding: .utf8)
    }.joined(separator: "\n").replacingOccurrences(of: "\\\"", with: "\"")
    secrets = secrets.filter { !taught.contains($0) }
    #expect(secrets.count > 20)
    // The compiled variants hold the starter's stubs of the implement task's file, not its solution:
    // its `trimmingCharacters(in:)` call, which the stubs do not make, shows nowhere.
    let programs = paths.filter { $0.hasSuffix("/\(Compiler.programName)") }
    #expect(!programs.isEmpty)
    for program in programs {
      let data = try Data(contentsOf: released.out.appending(path: program))
      #expect(data.range(of: Data("Please implement validate(_:)".utf8)) != nil, "\(program) lacks the starter's stub")
      #expect(data.range(of: Data("trimmingCharacters".utf8)) == nil, "\(program) holds the solution of task 1")
    }
    // Binaries are searched byte for byte, which finds what `strings` would print.
    for path in paths {
      let data = try Data(contentsOf: released.out.appending(path: path))
      for secret in secrets {
        #expect(!path.contains(secret), "a file name gives away \(secret)")
        #expect(data.range(of: Data(secret.utf8)) == nil, "\(path) holds \"\(secret)\"")
      }
    }
  }

  @Test("grade check in the copy checks what a copy can (its starters fail every task) and says so, instead of listing breaches about the solutions it lacks")
  func checkInCopy() throws {
    let checked = AppTests().run(["check"], in: released.out)
    #expect(checked.err.contains("This is a student copy (no Solutions/), so grade check proves what a copy can") || checked.out.contains("This is a student copy"), "\(checked.out)\n\(checked.err)")
    // This lab's workbook has no Lessons/starters.json, which a real one has: that is the one breach it may list.
    let breaches = checked.err.split(separator: "\n").filter { $0.hasPrefix("    - ") }
    #expect(breaches.allSatisfy { $0.contains("starters.json") }, "\(checked.err)")
    #expect(!checked.err.contains("the solution does not pass") && !checked.err.contains("is missing"), "\(checked.err)")
  }

  @Test("In the copy, a student's tests are graded against every compiled variant, as in the full workbook")
  func gradesTestsInTheCopy() throws {
    let copy = try Workbook.load(at: released.out)
    let lesson = copy.catalog.lessons[0]
    let grader = Grader(workbook: copy, state: StateFolder(root: released.out.appending(path: ".build/grade")), useCache: false)
    let learner = copy.starterFolder(of: lesson)

    // Untouched: no tests yet, graded here rather than left to the instructor.
    let starter = grader.grade(lesson, learnerFolder: learner)
    #expect(starter.task(2).findings.contains(.noLearnerTests), "\(starter.words(2))")

    // The reference answers, written by a student: every bug caught, in the copy too.
    let solution = released.source.solutionFolder(of: lesson)
    let folder = released.out.appending(path: "../student")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.copyItem(at: learner, to: folder)
    for file in ["Tests/UserStoreTests.swift", "Tests/CounterTests.swift"] {
      try FileManager.default.removeItem(at: folder.appending(path: file))
      try FileManager.default.copyItem(at: solution.appending(path: file), to: folder.appending(path: file))
    }
    let full = grader.grade(lesson, learnerFolder: folder)
    #expect(full.task(2).status == .pass, "\(full.words(2))")
    #expect(full.task(3).status == .pass, "\(full.words(3))")

    // One test dropped: the misconception it guarded is named, by its words, not its folder.
    let text = try String(contentsOf: folder.appending(path: "Tests/UserStoreTests.swift"), encoding: .utf8)
    let guardLine = "#expect(store.user(id: input) == nil)"
    try #require(text.contains(guardLine), "the reference test this case edits has changed")
    try Data(text.replacingOccurrences(of: guardLine, with: "_ = store.user(id: input)").utf8)
      .write(to: folder.appending(path: "Tests/UserStoreTests.swift"))
    let partial = grader.grade(lesson, learnerFolder: folder)
    #expect(partial.words(2).contains("Not caught: code that returns the last user added, instead of nil"), "\(partial.words(2))")
  }

  @Test("In the copy, where grades count, a test that fails on the other correct version shows its name and line, not what it computed there")
  func noValuesInTheCopy() throws {
    // A copy of the copy, without the state other cases grade in, so that the learner's file is this case's alone.
    let copy = released.out.appending(path: "../measured").standardizedFileURL
    try? FileManager.default.removeItem(at: copy)
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: released.out.path) where name != ".build" {
      try FileManager.default.copyItem(at: released.out.appending(path: name), to: copy.appending(path: name))
    }
    let file = copy.appending(path: "Lessons/01-expect-and-require/Tests/UserStoreTests.swift")
    try Data(VariantLayoutProbeTests.measuring.utf8).write(to: file)
    let graded = AppTests().run(["1"], in: copy)
    // The words as one line, however the screen's width broke them.
    let words = graded.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("hostile() fails on correct code that"), "\(graded.out)")
    #expect(words.contains(Wording.valuesWithheld), "\(graded.out)")
    #expect(!words.contains("7919013"), "\(graded.out)")
  }

  @Test("Releasing again into the same copy adds this platform's variants and copies nothing else")
  func releaseAgain() throws {
    let again = try Release.write(with: Grader(workbook: released.source, state: StateFolder(root: released.out.appending(path: "../state"))), to: released.out)
    #expect(again.files == 0)
    #expect(again.variants == released.summary.variants)
    #expect(ReleasedVariants.manifests(in: released.out).count == 1)
  }

  @Test("On another toolchain the copy says what it was built for, and that the instructor grades those tasks")
  func otherToolchain() throws {
    let copy = try Workbook.load(at: released.out)
    let lesson = copy.catalog.lessons[0]
    let plan = try WorkspacePlan(workbook: copy, lesson: lesson, learnerFolder: copy.starterFolder(of: lesson), toolchain: "Swift version 9.9")
    let why = try #require(plan.unavailable[2])
    guard case .releasedForOtherMachines(let built, let here, _) = why else { Issue.record("\(why)"); return }
    #expect(built.map(\.platform) == [ReleasedVariants.platform] && here.toolchain == "Swift version 9.9")
    let reason = why.words
    #expect(reason.contains("compiled for \(ReleasedVariants.platform) with Swift version"))
    #expect(reason.contains("this machine is \(ReleasedVariants.platform) with Swift version 9.9"))
    #expect(reason.contains("your instructor grades this task"))
    #expect(!reason.contains("Solutions/"))
  }
}

extension HostileLab {
  /// The workbook's catalog with lesson 1 only.
  static func lessonOneCatalog() throws -> String {
    let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: repository.appending(path: "Lessons/catalog.json"))) as! [String: Any]
    let lessons = catalog["lessons"] as! [[String: Any]]
    let one = ["version": catalog["version"]!, "lessons": [lessons[0]]] as [String: Any]
    return String(decoding: try JSONSerialization.data(withJSONObject: one), as: UTF8.self)
  }
}
