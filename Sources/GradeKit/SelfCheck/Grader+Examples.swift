import Foundation
import GradeBuild
import GradeCatalog
import GradeEvents
import GradeJudge
import GradeMutants
import GradeProcesses
import GradeRun

extension Grader {
  /// What the doc comment's examples of a write-tests task (`WriteTests.examples`) did on the
  /// solution and on each survivor of its mutants, built alone.
  struct ExampleRuns: Equatable {
    /// The examples, by number from 1, that failed on the solution.
    var failingOnSolution: [Int] = []
    /// Each survivor's id, with the examples, by number from 1, that failed on it.
    var broken: [String: [Int]] = [:]
    /// Why the examples could not be run, when they could not.
    var problem: String?
  }

  /// The test file of `examples`: one test per example, `example1()`, `example2()`, …, whose
  /// body is the example as the catalog gives it.
  static func examplesSource(_ examples: [String], module: String) -> String {
    let tests = examples.enumerated().map { index, body in
      let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }.joined(separator: "\n")
      return "@Test func example\(index + 1)() async throws {\n\(lines)\n}\n"
    }
    return "import Testing\n@testable import \(module)\n\n" + tests.joined(separator: "\n")
  }

  /// The numbers of the examples whose tests failed or crashed in `result`, by Judge's rule
  /// (`JobResult.fate(of:)`): one that never ended, after another crashed the process, is not
  /// counted. `nil` when the run decides nothing (`RunEnding.decides`): a time limit, endless
  /// output or a run that did not start never counts as breaking an example.
  static func failedExamples(in result: JobResult, count: Int) -> [Int]? {
    guard result.ending.decides else { return nil }
    let failed = result.tests.filter { result.fate(of: $0).isFailure }
    return (1...max(count, 1)).filter { number in failed.contains { $0.name == "example\(number)()" } }
  }

  /// Runs the examples of `task` once against the solution and against each survivor named in
  /// `survivors`, each made again from the solution and built alone, as a chaff is.
  func runExamples(of task: LessonTask, in lesson: Lesson, survivors: Set<String>) -> ExampleRuns {
    guard case .writeTests(let spec) = task.kind, !spec.examples.isEmpty else { return ExampleRuns() }
    let number = task.number
    let plan: WorkspacePlan
    do {
      plan = try WorkspacePlan(
        workbook: workbook, lesson: lesson, learnerFolder: workbook.solutionFolder(of: lesson), toolchain: Toolchain.version(spawner: spawner))
    } catch {
      return ExampleRuns(problem: error.message)
    }
    guard let variants = plan.variants[number], let solution = variants.first(where: { $0.id == .solution(of: number) })?.sources else {
      return ExampleRuns(problem: "the task has no solution to run them on")
    }
    let root = state.workspace("check-examples", of: lesson)
    let workspace = soakWorkspace(root: root, plan: plan, threadSanitizer: task.threadSanitizer, runs: 1)
    guard (try? workspace.sync([.task(number)])) != nil else { return ExampleRuns(problem: "the task's files could not be laid out") }
    let built = workspace.build(tasks: [number])
    guard let wheat = built.variantFolders[.solution(of: number)], let program = built.program(for: .solution(of: number)) else {
      return ExampleRuns(problem: "the solution did not build")
    }

    // The examples compile once, against the solution's interface, as a learner's tests do.
    let folder = root.appending(path: "examples-\(number)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(Self.examplesSource(spec.examples, module: lesson.module).utf8).write(to: folder.appending(path: "Examples.swift"))
    } catch {
      return ExampleRuns(problem: "cannot write the examples to \(folder.path): \(error.localizedDescription)")
    }
    let compiled = workspace.compiler.tests(
      module: lesson.learnerTestModule, sourceFolder: folder, names: ["Examples.swift"], libraryModule: lesson.module,
      libraryFolder: wheat, linksLibrary: false)
    guard compiled.succeeded, let library = compiled.folder?.appending(path: RunnerProgram.testsLibrary) else {
      return ExampleRuns(problem: "the examples do not compile: \(compiled.output.suffix(600))")
    }

    // The survivors, made again from the solution as `grade mutants` made them.
    let files = solution.files.keys.sorted().filter { name in variants.contains { $0.sources.files[name] != solution.files[name] } }
    let source = root.appending(path: "src-\(number)")
    try? FileManager.default.removeItem(at: source)
    var mutants: [Mutant] = []
    do {
      try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
      for (name, data) in solution.files { try data.write(to: source.appending(path: name)) }
      let maker = MutantMaker(spawner: spawner, moduleCache: state.moduleCache, arguments: ["-swift-version", "6"] + lesson.moduleFlags)
      let all = solution.files.keys.sorted().map { source.appending(path: $0) }
      for name in files {
        mutants += try maker.mutants(of: source.appending(path: name), companions: all, module: lesson.module)
      }
    } catch {
      return ExampleRuns(problem: "the mutants could not be made again: \(error)")
    }
    var found = ExampleRuns()
    let wanted = mutants.filter { survivors.contains($0.id) }
    for missing in survivors.subtracting(wanted.map(\.id)).sorted() {
      found.broken[missing] = []
      found.problem = "the survivor [\(missing)] is no mutant of the solution as it is; make the mutants again with swift run grade mutants \(lesson.number) --keep"
    }

    let flavour: JobList.Flavour = task.threadSanitizer ? .threadSanitizer : .plain
    let seconds = limits.seconds(for: task)
    func job(_ variant: VariantID, program: URL) -> JobList.Job {
      JobList.repeatedRuns(
        of: variant, share: 4, runs: 1, program: program, tests: library, flavour: flavour, seconds: seconds, waitsForEvents: spec.waitsForEvents)
    }
    var jobs = [job(.solution(of: number), program: program)]
    var variantOf: [String: VariantID] = [:]
    for (index, mutant) in wanted.enumerated() {
      guard let original = solution.files[mutant.file],
        case .success(let alone) = VariantBuild.build(
          mutant.alone(in: solution, original: original), base: solution, module: lesson.module, state: state, compiler: workspace.compiler)
      else {
        found.problem = "the survivor [\(mutant.id)] does not build alone"
        continue
      }
      // Built alone, as an exit test's survivor is: no switch is set, so no test can read which it is.
      let change = MutantChange(
        id: mutant.id, number: index + 1, declaration: mutant.declaration, kind: mutant.kind, quoted: nil, location: nil,
        builtAlone: true)
      let variant = VariantID(task: number, role: .mutant(change))
      variantOf[mutant.id] = variant
      jobs.append(job(variant, program: alone.appending(path: Compiler.programName)))
    }
    var executor = JobExecutor(workspaces: [flavour: workspace], cache: nil, useCache: false, order: .asGiven)
    executor.pause = pause
    let results = executor.run(jobs)
    func failed(_ variant: VariantID) -> [Int]? {
      guard let result = results[.repeated(variant, share: 4)] else { return nil }
      return Self.failedExamples(in: result, count: spec.examples.count)
    }
    guard let onSolution = failed(.solution(of: number)) else {
      return ExampleRuns(problem: "the examples did not finish on the solution")
    }
    found.failingOnSolution = onSolution
    for (id, variant) in variantOf.sorted(by: { $0.key < $1.key }) {
      // A hang is no verdict: a time limit never counts as breaking an example.
      guard let broken = failed(variant) else { continue }
      if !broken.isEmpty { found.broken[id] = broken }
    }
    return found
  }
}
