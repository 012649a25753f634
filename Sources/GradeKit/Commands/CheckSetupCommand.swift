import Foundation
import GradeBox
import GradeBuild
import GradeCatalog
import GradeEvents
import GradeFeedback
import GradeJudge
import GradeProcesses
import GradeResults
import GradeRun

/// `grade check-setup`: whether this machine is ready for the workbook, in seconds, with the fix for each problem.
struct CheckSetupCommand: GradeCommand {
  /// How usage shows `grade check-setup`, and the options it takes.
  static let usage = CommandUsage(
    name: "check-setup", arguments: "", summary: "is this machine ready? (toolchain, Swift Testing, the box tests run in, a first build)",
    audience: .learners, options: [])

  /// Takes no words.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> CheckSetupCommand {
    guard words.isEmpty else { throw .usage("check-setup takes no lesson: swift run grade check-setup") }
    return CheckSetupCommand()
  }

  /// Checks the toolchain, then compiles and runs one Swift Testing test the way `grade` does, in its box.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let start = ContinuousClock.now
    let spawner = Spawner()
    var ready = true
    func report(_ ok: Bool, _ line: String, fix: String? = nil) {
      app.write((ok ? "✔ " : "✘ ") + line)
      if !ok, let fix { app.write("    " + fix) }
      ready = ready && ok
    }

    let version = Toolchain.version(spawner: spawner)
    let numbers = version.split(separator: " ").first { $0.first?.isNumber == true }?.split(separator: ".").compactMap { Int($0) } ?? []
    let recent = numbers.count >= 2 && (numbers[0], numbers[1]) >= (6, 3)
    report(recent, "Swift toolchain: \(version)", fix: "The workbook needs Swift 6.3 or later: install it from swift.org (or with swiftly), then open a new terminal.")

    let grader = Grader(workbook: workbook, useCache: false)
    let folder = grader.state.checkSetup
    try? FileManager.default.removeItem(at: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appending(path: "src")
    try? FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try? Data("public func answer() -> Int { 42 }\n".utf8).write(to: source.appending(path: "Probe.swift"))
    try? Data("import Testing\n@testable import Probe\n\n@Test func answers() { #expect(answer() == 42) }\n".utf8)
      .write(to: source.appending(path: "ProbeTests.swift"))
    let compiler = Compiler(spawner: spawner, state: grader.state, timeout: .seconds(300))
    let library = compiler.library(module: "Probe", sourceFolder: source, names: ["Probe.swift"], into: folder.appending(path: "lib"))
    let tests = library.succeeded
      ? compiler.tests(
        module: "ProbeTests", sourceFolder: source, names: ["ProbeTests.swift"], libraryModule: "Probe",
        libraryFolder: folder.appending(path: "lib"), linksLibrary: true, into: folder.appending(path: "bin"))
      : library
    let program = tests.succeeded ? compiler.program(module: nil, sourceFolder: nil, names: []) : tests
    report(program.succeeded, "Compiling a library and a Swift Testing test with swiftc", fix: "The compiler said: \(program.output.suffix(400))")

    if program.succeeded, let programFolder = program.folder {
      let box = Box(limits: BoxLimits(seconds: 60), isolation: grader.isolation, spawner: spawner, scratchParent: RunFolders.parent(in: folder))
      let workspace = Workspace(
        root: folder, plan: try! WorkspacePlan.empty(workbook: workbook), compiler: compiler, box: box, state: grader.state)
      let job = workspace.runTests(
        programFolder.appending(path: Compiler.programName),
        libraries: [folder.appending(path: "bin/\(RunnerProgram.testsLibrary)"), folder.appending(path: "lib/\(Compiler.libraryName("Probe"))")])
      let passed = job.tests.count == 1 && job.tests[0].status == .passed
      report(passed, "Running it in the grader's box", fix: "The run said: " + (Undecided(job.ending)?.words ?? ShownText.escaped(job.outputTail, limit: 500)))
    }
    if let notice = grader.isolation.notice {
      app.write("! " + notice)
    } else {
      app.write("✔ Sandbox: each run gets its own namespaces (no network, read-only files, every process ends with the run)")
    }
    let elapsed = seconds(since: start)
    app.write(ready
      ? String(format: "Ready (%.1f s). Start with: swift run grade", elapsed)
      : "Not ready yet: fix the lines marked ✘, then run swift run grade check-setup again.")
    return ready ? App.Exit.passed : App.Exit.failed
  }
}
