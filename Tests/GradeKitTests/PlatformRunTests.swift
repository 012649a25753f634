import Foundation
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeFeedback
@testable import GradeKit
@testable import GradeProcesses
import Testing

/// The scripts and commands written for Gradescope and GitHub Classroom, run for real on lesson 1,
/// with the grader this test run built standing in for the one each platform builds.
@Suite("Grading on Gradescope and GitHub Classroom, run for real", .tags(.slow), .serialized)
struct PlatformRunTests {
  /// The grader executable `swift build` made beside these tests.
  static let grade = HostileLab.repository.appending(path: ".build/debug/grade")
  static let released = ReleaseTests.Released.shared
  static var lesson: Lesson { released.source.catalog.lessons[0] }

  /// An autograder exported once, as Gradescope unzips it into `/autograder/source`.
  static let gradescopeSource: URL = {
    let source = released.out.appending(path: "../gradescope/source").standardizedFileURL
    try? FileManager.default.removeItem(at: source.deletingLastPathComponent())
    do {
      _ = try GradescopeAutograder.write(released.source, lessons: [lesson], to: source, spawner: Spawner())
    } catch {
      fatalError("could not export the autograder: \(error)")
    }
    return source
  }()

  /// Runs `command` in `folder` with `environment` added, and returns its exit code and output.
  static func run(_ command: [String], in folder: URL, environment: [String: String] = [:]) throws -> ProcessOutcome {
    try Spawner().run(command, in: folder, environment: .inherited(adding: environment), until: .now + .seconds(600))
  }

  /// The exit code of a process that exited, or -1.
  static func status(_ outcome: ProcessOutcome) -> Int32 {
    if case .exited(let code) = outcome.termination { code } else { -1 }
  }

  /// A Gradescope root with `source/` and a submission `make` fills, graded by `run_autograder`.
  func autograde(
    _ name: String, environment: [String: String] = [:], make: (URL) throws -> Void
  ) throws -> (outcome: ProcessOutcome, results: [String: Any], root: URL) {
    #expect(FileManager.default.isExecutableFile(atPath: Self.grade.path), "swift build makes .build/debug/grade before the tests run")
    let root = Self.gradescopeSource.deletingLastPathComponent().appending(path: "roots/\(name)")
    let manager = FileManager.default
    try? manager.removeItem(at: root)
    try manager.createDirectory(at: root.appending(path: "results"), withIntermediateDirectories: true)
    try manager.createSymbolicLink(at: root.appending(path: "source"), withDestinationURL: Self.gradescopeSource)
    try make(root.appending(path: "submission"))
    let outcome = try Self.run(
      ["/bin/bash", Self.gradescopeSource.appending(path: "run_autograder").path, "--timeout", "5"], in: root,
      environment: ["AUTOGRADER_ROOT": root.path, "GRADE": Self.grade.path, "GRADE_PREPARE": "0"].merging(environment) { $1 })
    let text = try String(contentsOf: root.appending(path: "results/results.json"), encoding: .utf8)
    return (outcome, try PlatformFormatTests.checkGradescopeShape(text), root)
  }

  /// A submission laid out as a student's workbook: `Lessons/` with lesson 1 solved, then changed by `change`.
  static func solvedWorkbook(_ change: @escaping (URL) throws -> Void = { _ in }) -> (URL) throws -> Void {
    { submission in
      let folder = submission.appending(path: "Lessons/\(lesson.folder)")
      try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: released.source.starterFolder(of: lesson), to: folder)
      try solve(folder)
      try change(folder)
    }
  }

  /// Copies lesson 1's solution over the files a learner owns in `folder`.
  static func solve(_ folder: URL) throws {
    for file in lesson.ownedFiles {
      try? FileManager.default.removeItem(at: folder.appending(path: file))
      try FileManager.default.copyItem(at: released.source.solutionFolder(of: lesson).appending(path: file), to: folder.appending(path: file))
    }
  }

  static func tests(_ results: [String: Any]) -> [[String: Any]] { results["tests"] as? [[String: Any]] ?? [] }

  static func appendTest(_ test: String, to folder: URL) throws {
    let file = folder.appending(path: "Tests/UserStoreTests.swift")
    try Data((try String(contentsOf: file, encoding: .utf8) + "\n" + test + "\n").utf8).write(to: file)
  }

  @Test("watch exits by the rule every command follows: 2 when the lesson it graded last could not be graded")
  func watchExitStatus() throws {
    let book = Self.released.source.root.deletingLastPathComponent().appending(path: "watch-lab")
    try? FileManager.default.removeItem(at: book)
    try FileManager.default.copyItem(at: Self.released.source.root, to: book)
    // A task of a kind this grader does not know cannot be graded: an error, not a failure.
    let catalog = book.appending(path: "Lessons/catalog.json")
    let text = try String(contentsOf: catalog, encoding: .utf8)
    let unknown = try #require(text.range(of: "\"implement\""))
    try Data(text.replacingCharacters(in: unknown, with: "\"someday\"").utf8).write(to: catalog)
    let outcome = try Self.run(["/bin/sh", "-c", "echo q | \"$0\" watch 1", Self.grade.path], in: book, environment: ["GRADE_PREPARE": "0"])
    #expect(outcome.output.contains("known kinds"), "\(outcome.output.suffix(600))")
    #expect(Self.status(outcome) == App.Exit.error, "\(outcome.output.suffix(600))")
  }

  @Test("run_autograder gives a solved submission every point, and names what is wrong in a broken, a hung and a hostile one")
  func gradescope() throws {
    let tasks = Self.lesson.tasks.count
    let solved = try autograde("solved", make: Self.solvedWorkbook())
    #expect(Self.status(solved.outcome) == 0, "\(solved.outcome.output)")
    #expect(Self.tests(solved.results).allSatisfy { $0["status"] as? String == "passed" }, "\(solved.results)")
    #expect((solved.results["score"] as? NSNumber)?.intValue == tasks)

    // The files alone, dragged into Gradescope's upload, and a zip of the workbook folder (one folder down): found and graded.
    for (name, place) in [("flat", { (file: String) in String(file.split(separator: "/").last!) }), ("zipped", { "workbook/Lessons/\(Self.lesson.folder)/\($0)" })] {
      let uploaded = try autograde(name) { submission in
        for file in Self.lesson.ownedFiles {
          let target = submission.appending(path: place(file))
          try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
          try FileManager.default.copyItem(at: Self.released.source.solutionFolder(of: Self.lesson).appending(path: file), to: target)
        }
      }
      #expect((uploaded.results["score"] as? NSNumber)?.intValue == tasks, "\(name): \(uploaded.results)")
    }

    let broken = try autograde("broken", make: Self.solvedWorkbook { folder in
      try Data("func broken() -> Int { \"not a number\" }\n".utf8).write(to: folder.appending(path: "Sources/ScoreValidator.swift"))
    })
    let first = try #require(Self.tests(broken.results).first)
    #expect(first["status"] as? String == "failed")
    #expect((first["output"] as? String)?.contains("ScoreValidator.swift") == true, "\(first)")

    let hung = try autograde("hung", make: Self.solvedWorkbook { folder in
      try Self.appendTest("@Test func waitsForever() async { while !Task.isCancelled { await Task.yield() } }", to: folder)
    })
    let waiting = Self.tests(hung.results)[1]
    #expect(waiting["status"] as? String == "failed")
    #expect((waiting["output"] as? String)?.contains("Stopped after 5 s") == true, "\(waiting)")

    // A test that writes the results file itself: the box never lets it see the file, and
    // the grader's results replace whatever is there.
    let results = Self.gradescopeSource.deletingLastPathComponent().appending(path: "roots/hostile/results/results.json").path
    let hostile = try autograde("hostile", make: Self.solvedWorkbook { folder in
      try Self.appendTest(
        "@Test func forge() { _ = fopen(\"\(results)\", \"w\").map { fputs(\"{\\\"score\\\": 1000}\", $0); fclose($0) } }", to: folder)
      let file = folder.appending(path: "Tests/UserStoreTests.swift")
      try Data(("import Glibc\n" + (try String(contentsOf: file, encoding: .utf8))).utf8).write(to: file)
    })
    #expect((hostile.results["score"] as? NSNumber)?.intValue ?? 1000 < tasks, "\(hostile.results)")
    #expect(Self.tests(hostile.results).count == tasks)
    #expect((Self.tests(hostile.results)[1]["output"] as? String)?.contains("Glibc") == true, "\(Self.tests(hostile.results)[1])")

    // Code the loader would run before any test is refused at its attribute, where grades count too.
    let early = try autograde("constructor", make: Self.solvedWorkbook { folder in
      let file = folder.appending(path: "Sources/ScoreValidator.swift")
      let text = try String(contentsOf: file, encoding: .utf8) + "\n@section(\".init_array\") @used let early: @convention(c) () -> Void = {}\n"
      try Data(text.utf8).write(to: file)
    })
    #expect(Self.tests(early.results).first?["status"] as? String == "failed")
    #expect((Self.tests(early.results).first?["output"] as? String)?.contains("@section") == true, "\(early.results)")

    // A test file that says it is elsewhere, and code that brings its own ==, earn nothing where grades count.
    let relocated = try autograde("relocated", environment: ["GRADE_NAMESPACES": "off"], make: Self.solvedWorkbook { folder in
      let tests = folder.appending(path: "Tests/UserStoreTests.swift")
      try Data(("#sourceLocation(file: \"Elsewhere.swift\", line: 1)\n" + (try String(contentsOf: tests, encoding: .utf8))).utf8).write(to: tests)
      let code = folder.appending(path: "Sources/ScoreValidator.swift")
      let lie = "\nextension ScoreError {\n  public static func == (a: ScoreError, b: ScoreError) -> Bool { true }\n}\n"
      try Data(((try String(contentsOf: code, encoding: .utf8)) + lie).utf8).write(to: code)
    })
    let moved = Self.tests(relocated.results)
    #expect(moved.first?["status"] as? String == "failed")
    #expect((moved.first?["output"] as? String)?.contains("declares the operator ==") == true, "\(relocated.results)")
    #expect(moved.dropFirst().first?["status"] as? String == "failed")
    #expect((moved.dropFirst().first?["output"] as? String)?.contains("#sourceLocation") == true, "\(relocated.results)")

    // Without namespaces, as on Gradescope, a test still cannot read the instructor's solutions or its own memory map.
    let solution = Self.released.source.solutionFolder(of: Self.lesson).appending(path: "Sources/UserStore.swift").path
    let peeker = try autograde("peeker", environment: ["GRADE_NAMESPACES": "off"], make: Self.solvedWorkbook { folder in
      try Self.appendTest(
        "@Test func peeks() { #expect(FileManager.default.contents(atPath: \"\(solution)\") != nil); "
          + "#expect(FileManager.default.contents(atPath: \"/proc/self/maps\") != nil) }", to: folder)
      let file = folder.appending(path: "Tests/UserStoreTests.swift")
      try Data(("import Foundation\n" + (try String(contentsOf: file, encoding: .utf8))).utf8).write(to: file)
    })
    let peeked = Self.tests(peeker.results)[1]
    #expect(peeked["status"] as? String == "failed")
    #expect((peeked["output"] as? String)?.contains("but peeks() fails") == true, "\(peeked)")

    // Tests that read for the run's key and write to the event stream, or close it, beside the
    // reference tests that would earn both tasks: void, where grades count too.
    let harness = try autograde("harness", environment: ["GRADE_NAMESPACES": "off"], make: Self.solvedWorkbook { folder in
      for (file, attack) in [("Tests/UserStoreTests.swift", ConfinementTests.relay), ("Tests/CounterTests.swift", ConfinementTests.closer)] {
        let path = folder.appending(path: file)
        try Data(("import Foundation\n" + (try String(contentsOf: path, encoding: .utf8)) + attack).utf8).write(to: path)
      }
    })
    for index in [1, 2] {
      let test = Self.tests(harness.results)[index]
      #expect(test["status"] as? String == "failed", "\(test)")
      let output = test["output"] as? String ?? ""
      #expect(output.contains("does not add up") || output.contains("Your tests must pass against a correct implementation"), "\(test)")
    }

    // A test that fails on the other correct version, showing a number it computed there: the
    // student reads its name and line, not the number.
    let measured = try autograde("measured", make: Self.solvedWorkbook { folder in
      try Data(VariantLayoutProbeTests.measuring.utf8).write(to: folder.appending(path: "Tests/UserStoreTests.swift"))
    })
    let overSpecified = Self.tests(measured.results)[1]["output"] as? String ?? ""
    #expect(overSpecified.contains("hostile() fails on correct code that numbers its users from 1000"), "\(overSpecified)")
    #expect(overSpecified.contains(Wording.valuesWithheld), "\(overSpecified)")
    #expect(!overSpecified.contains("7919013"), "\(overSpecified)")

    // A lesson folder that is a link to the instructor's solution earns nothing.
    let linked = try autograde("linked") { submission in
      try FileManager.default.createDirectory(at: submission.appending(path: "Lessons"), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: submission.appending(path: "Lessons/\(Self.lesson.folder)"), withDestinationURL: Self.released.source.solutionFolder(of: Self.lesson))
    }
    #expect((linked.results["score"] as? NSNumber)?.intValue == 0)
    #expect((Self.tests(linked.results).first?["output"] as? String)?.contains("symbolic link") == true)
  }

  @Test("With no submission folder, run_autograder still writes results.json saying why, and exits with an error")
  func noSubmission() throws {
    let root = Self.gradescopeSource.deletingLastPathComponent().appending(path: "roots/empty")
    try? FileManager.default.removeItem(at: root)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: root.appending(path: "source"), withDestinationURL: Self.gradescopeSource)
    let outcome = try Self.run(
      ["/bin/bash", Self.gradescopeSource.appending(path: "run_autograder").path], in: root,
      environment: ["AUTOGRADER_ROOT": root.path, "GRADE": Self.grade.path])
    #expect(Self.status(outcome) == App.Exit.error)
    let results = try PlatformFormatTests.checkGradescopeShape(String(contentsOf: root.appending(path: "results/results.json"), encoding: .utf8))
    #expect((results["output"] as? String)?.contains("there is no submission folder") == true)
  }

  @Test("setup.sh and run_autograder are bash that parses, and setup.sh checks the toolchain's signature")
  func scriptsParse() throws {
    for name in ["setup.sh", "run_autograder"] {
      let outcome = try Self.run(["/bin/bash", "-n", Self.gradescopeSource.appending(path: name).path], in: Self.gradescopeSource)
      #expect(outcome.succeeded, "\(name): \(outcome.output)")
      #expect(FileManager.default.isExecutableFile(atPath: Self.gradescopeSource.appending(path: name).path))
    }
    let setup = try String(contentsOf: Self.gradescopeSource.appending(path: "setup.sh"), encoding: .utf8)
    #expect(setup.contains("gpg --batch --verify"))
    #expect(setup.contains("version=\(GradescopeAutograder.swiftVersion)\n"))
    #expect(setup.contains("https://download.swift.org/swift-$version-release/"))
  }

  @Test("The Classroom workflow's commands, run in a clone of the copy, fail each task on the starter and pass it once solved; edits to the workflow and tests gain nothing in grade class")
  func classroom() throws {
    let manager = FileManager.default
    let base = Self.released.out.appending(path: "../classroom").standardizedFileURL
    try? manager.removeItem(at: base)
    let copy = base.appending(path: "copy")
    _ = try Release.write(
      with: Grader(workbook: Self.released.source, state: StateFolder(root: Self.released.out.appending(path: "../state"))), to: copy,
      classroom: true)
    for command in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "copy"]] {
      #expect(try Self.run(["git"] + command, in: copy).succeeded)
    }
    let clone = base.appending(path: "student")
    #expect(try Self.run(["git", "clone", "-q", copy.path, clone.path], in: base).succeeded)

    let workflow = try String(contentsOf: clone.appending(path: ClassroomWorkflow.path), encoding: .utf8)
    let commands = workflow.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.hasPrefix("command: ") ? String(trimmed.dropFirst("command: ".count)) : nil
    }
    #expect(commands.count == Self.lesson.tasks.count)
    func statuses() throws -> [Int32] {
      try commands.map { command in
        let local = command.replacingOccurrences(of: "swift run grade", with: Self.grade.path)
        return Self.status(try Self.run(["/bin/bash", "-c", local], in: clone, environment: ["GRADE_PREPARE": "0"]))
      }
    }
    #expect(try statuses() == Array(repeating: App.Exit.failed, count: commands.count))
    let lessonFolder = clone.appending(path: "Lessons/\(Self.lesson.folder)")
    try Self.solve(lessonFolder)
    #expect(try statuses() == Array(repeating: App.Exit.passed, count: commands.count))

    // A student who makes the workflow pass and rewrites the canonical tests, with the starter's code.
    try Data(workflow.replacingOccurrences(of: "command: swift run grade", with: "command: true || swift run grade").utf8)
      .write(to: clone.appending(path: ClassroomWorkflow.path))
    for file in Self.lesson.ownedFiles {
      try manager.removeItem(at: lessonFolder.appending(path: file))
      try manager.copyItem(at: Self.released.source.starterFolder(of: Self.lesson).appending(path: file), to: lessonFolder.appending(path: file))
    }
    let canonical = try #require(manager.enumerator(atPath: clone.appending(path: "Tests").path)?.allObjects as? [String]).filter { $0.hasSuffix(".swift") }
    #expect(!canonical.isEmpty)
    for file in canonical {
      try Data("import Testing\n@Test func passes() {}\n".utf8).write(to: clone.appending(path: "Tests/\(file)"))
    }
    let grader = Grader(workbook: Self.released.source, state: StateFolder(root: base.appending(path: "class-state")))
    let entries = ClassGrader(grader: grader, progress: { _ in }).grade(clone, learner: "student", lessons: [Self.lesson])
    let result = try #require(entries.first?.result)
    #expect(result.passedCount == 0, "\(result.tasks.map(\.status))")
  }

  @Test("grade class --roster writes Canvas and Moodle gradebooks and lists the students roster and folders disagree about; a bad roster exits 2 before grading")
  func roster() throws {
    let lab = HostileLab.shared
    let base = lab.root.appending(path: "roster-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let submissions = base.appending(path: "submissions")
    for (name, source) in [("ann", try lab.learner("roster-ann")), ("zed", lab.workbook.starterFolder(of: lab.lesson))] {
      let folder = submissions.appending(path: "\(name)/Lessons/\(lab.lesson.folder)")
      try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: folder)
    }
    let roster = base.appending(path: "roster.csv")
    try Data("Student,ID,Section,Email address,folder\nAnn Lee,101,A,ann@uni.edu,ann\nBo Ng,102,A,bo@uni.edu,bo\n".utf8).write(to: roster)
    let points = base.appending(path: "points.json")
    try Data("{\"1\": 30}".utf8).write(to: points)
    let out = base.appending(path: "out")
    let app = AppTests()
    let common = ["class", submissions.path, "--work", lab.root.appending(path: "state").path, "--roster", roster.path]

    let noReport = app.run(common, in: lab.workbook.root)
    #expect(noReport.status == App.Exit.error)
    #expect(noReport.err.contains("add --report OUT"))
    let broken = base.appending(path: "broken.csv")
    try Data("Student,folder\n\"Ann,ann\n".utf8).write(to: broken)
    let malformed = app.run(["class", submissions.path, "--report", out.path, "--roster", broken.path], in: lab.workbook.root)
    #expect(malformed.status == App.Exit.error)
    #expect(malformed.err.contains("is not CSV at line 2: a quoted field that never ends"), "\(malformed.err)")
    #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is graded or written for a bad roster")

    let graded = app.run(common + ["--report", out.path, "--points", points.path], in: lab.workbook.root)
    #expect(graded.status == App.Exit.passed, "\(graded.err)")
    #expect(graded.err.contains("Wrote canvas.csv, moodle.csv, moodle-items.txt, roster.txt"), "\(graded.err)")
    #expect(graded.err.contains("with no graded folder (no grade in the LMS files: empty in canvas.csv, - in moodle.csv): bo"))
    #expect(graded.err.contains("on no roster (not in the LMS files; add them to the roster): zed"))
    let canvas = try CSVTable(parsing: String(contentsOf: out.appending(path: "canvas.csv"), encoding: .utf8))
    #expect(canvas.rows.map(\.fields) == [["Points Possible", "", "", "30"], ["Ann Lee", "101", "A", "30"], ["Bo Ng", "102", "A", ""]])
    let moodle = try CSVTable(parsing: String(contentsOf: out.appending(path: "moodle.csv"), encoding: .utf8))
    #expect(moodle.rows.map(\.fields) == [["ann@uni.edu", "30"], ["bo@uni.edu", "-"]])
  }
}
