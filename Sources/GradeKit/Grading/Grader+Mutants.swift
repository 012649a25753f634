import Foundation
import GradeBuild
import GradeCatalog
import GradeEvents
import GradeFeedback
import GradeJudge
import GradeMutants
import GradeProcesses
import GradeResults
import GradeRun

/// Running a lesson's reference tests against the mutants of each write-tests task's code
/// under test (`grade mutants`): which mutants the reference tests kill in every run, which
/// survive, and a smallest set that kills as much as all of them.
extension Grader {
  /// What the reference tests of one write-tests task did to the mutants of its code under test.
  struct MutantReport: Sendable {
    /// The task.
    var task: Int
    /// The files the task's variants change: its code under test, where mutants are made.
    var files: [String]
    /// Each of those files' hash (`KeptMutants.hash`), which says what the mutants were made from.
    var hashes: [String: String] = [:]
    /// How many mutants were made, before the compiler dropped those that do not compile.
    var made: Int
    /// Mutants the compiler refused, with its reason.
    var dropped: [(mutant: Mutant, reason: String)]
    /// Each compiled mutant with what the reference tests did to it.
    var outcomes: [Outcome]
    /// Why the task's mutants could not be run, when they could not.
    var problem: String?

    /// What the reference tests did to one mutant.
    public struct Outcome: Sendable {
      /// The mutant.
      var mutant: Mutant
      /// In how many of the runs some reference test failed on it.
      var killedRuns: Int
      /// How many runs there were.
      var runs: Int
      /// The reference tests that failed on it, by ID, and for a parameterized test each
      /// case that failed (`id` and the case's arguments after a `|`): its kill set.
      var killers: Set<String>
      /// How long its first run took, so that of mutants with one kill set the fastest to die is kept.
      var seconds: Double = 0
      /// Why its runs decide nothing (a void run, the machine's trouble), when they do not.
      var problem: String?
      /// Whether the reference tests hung on it until the time limit: they wait for something
      /// it never does. A time limit never counts as catching a bug, so it is not kept, but
      /// nothing is missing from the reference tests either.
      var hung = false

      /// Whether some reference test failed on it in every run.
      var killed: Bool { problem == nil && !hung && killedRuns == runs }
    }

    /// The killed mutants a learner's tests must kill: the fewest that, as far as the reference
    /// tests can tell, kill as much as all of them.
    ///
    /// A mutant whose killing tests include every test that kills another is subsumed by that
    /// other: any of those tests kills both (Ammann, Delamaro and Offutt's minimal mutant sets).
    /// So only mutants whose set of killing tests holds no other's strictly are kept, one per
    /// distinct set: the one whose run ended soonest, since a learner's grading runs it too.
    /// A parameterized test's cases count one by one, so a mutant that only one argument
    /// kills is told apart from one another argument kills.
    var kept: [Mutant] {
      let killed = outcomes.filter(\.killed)
      let minimal = killed.filter { outcome in !killed.contains { $0.killers.isStrictSubset(of: outcome.killers) } }
      var fastest: [Set<String>: Outcome] = [:]
      for outcome in minimal where fastest[outcome.killers].map({ outcome.seconds < $0.seconds }) ?? true {
        fastest[outcome.killers] = outcome
      }
      return minimal.filter { fastest[$0.killers]?.mutant.id == $0.mutant.id }.map(\.mutant)
    }

    /// The compiled mutants no reference test fails on in every run, and that do not hang them:
    /// each is equivalent to the code, a change no doc comment promises against, or a gap in
    /// the reference tests.
    var survivors: [Outcome] { outcomes.filter { !$0.killed && !$0.hung } }

    /// The mutants the reference tests hang on.
    var hanging: [Outcome] { outcomes.filter(\.hung) }
  }

  /// Makes the mutants of each write-tests task's code under test, builds them as one
  /// program whose mutant is chosen at run time (`MutantSchema`), and runs the task's
  /// reference tests against each `runs` times in one process.
  ///
  /// - Parameter tasks: The task numbers to look at; every write-tests task when empty.
  func mutants(_ lesson: Lesson, tasks only: Set<Int> = [], runs: Int = 1, progress: @Sendable (String) -> Void = { _ in }) -> [MutantReport] {
    let solution = workbook.solutionFolder(of: lesson)
    let plan: WorkspacePlan
    do {
      plan = try WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: solution, toolchain: Toolchain.version(spawner: spawner))
    } catch {
      return lesson.tasks.filter { if case .writeTests = $0.kind { true } else { false } }.map { task in
        MutantReport(task: task.number, files: [], made: 0, dropped: [], outcomes: [], problem: error.message)
      }
    }
    let root = state.workspace("check-mutants", of: lesson)
    var reports: [MutantReport] = []
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind, only.isEmpty || only.contains(task.number),
        let variants = plan.variants[task.number], let original = variants.first(where: { $0.id == .solution(of: task.number) })
      else { continue }
      // The code under test: the files some variant of the task changes.
      let files = original.sources.files.keys.sorted().filter { name in
        variants.contains { $0.sources.files[name] != original.sources.files[name] }
      }
      var report = MutantReport(task: task.number, files: files, made: 0, dropped: [], outcomes: [])
      report.hashes = Dictionary(uniqueKeysWithValues: files.compactMap { name in original.sources.files[name].map { (name, KeptMutants.hash($0)) } })
      progress("mutants: lesson \(lesson.number), task \(task.number): making the mutants of \(files.joined(separator: ", "))")
      do {
        let schema = try schema(of: original.sources, files: files, lesson: lesson, in: root.appending(path: "task-\(task.number)"))
        report.made = schema.mutants.count + schema.dropped.count
        report.dropped = schema.dropped.map { ($0.mutant, $0.reason) }
        var sources = original.sources
        for file in schema.files { sources.files[file.name] = Data(file.text.utf8) }
        report.outcomes = run(
          schema, sources: sources, task: task, spec: spec, plan: plan, root: root, runs: runs, progress: progress)
      } catch {
        report.problem = error.message
      }
      if report.problem == nil, report.outcomes.isEmpty, !(report.made == 0) {
        report.problem = "the reference tests or the mutants' program did not build"
      }
      reports.append(report)
    }
    return reports
  }

  /// The schema of `files` in `sources`, made and type-checked in `folder`.
  private func schema(of sources: WorkspacePlan.Sources, files: [String], lesson: Lesson, in folder: URL) throws(GradeError) -> MutantSchema {
    let source = folder.appending(path: "src")
    try? FileManager.default.removeItem(at: source)
    do {
      try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
      for (name, data) in sources.files { try data.write(to: source.appending(path: name)) }
    } catch {
      throw .infrastructure("cannot write the code under test to \(source.path): \(error.localizedDescription)")
    }
    let all = sources.files.keys.sorted().map { source.appending(path: $0) }
    let arguments = ["-swift-version", "6"] + lesson.moduleFlags
    let maker = MutantMaker(spawner: spawner, moduleCache: state.moduleCache, arguments: arguments)
    var mutants: [Mutant] = []
    for name in files {
      mutants += try maker.mutants(of: source.appending(path: name), companions: all, module: lesson.module)
    }
    let underTest = Dictionary(uniqueKeysWithValues: files.compactMap { name in sources.files[name].map { (name, $0) } })
    let companions = all.filter { !files.contains($0.lastPathComponent) }
    return try MutantSchema(sources: underTest, mutants: mutants).typeChecked(
      .init(module: lesson.module, companions: companions, arguments: arguments, moduleCache: state.moduleCache),
      in: folder.appending(path: "check"), spawner: spawner)
  }

  /// Runs the reference tests of `task` `runs` times against each mutant of `schema`, as jobs
  /// of a grading's kind (`JobID.repeated`) run by a grading's executor.
  ///
  /// Each mutant runs once first: a mutant the tests hang on, or that no test fails on, is
  /// decided by it, and only one that dies is run the other `runs - 1` times, to see that it
  /// always does.
  private func run(
    _ schema: MutantSchema, sources: WorkspacePlan.Sources, task: LessonTask, spec: LessonTask.WriteTests, plan: WorkspacePlan, root: URL,
    runs: Int, progress: @Sendable (String) -> Void
  ) -> [MutantReport.Outcome] {
    let workspace = soakWorkspace(root: root, plan: plan, threadSanitizer: task.threadSanitizer, runs: runs)
    guard (try? workspace.sync([.task(task.number)])) != nil else { return [] }
    let built = workspace.build(tasks: [task.number])
    guard let tests = built.testsLibrary(.task(task.number)),
      case .success(let folder) = VariantBuild.build(
        sources, base: plan.variants[task.number]?.first { $0.id == .solution(of: task.number) }?.sources, module: plan.lesson.module,
        state: state, compiler: workspace.compiler)
    else { return [] }
    let program = folder.appending(path: Compiler.programName)
    let seconds = limits.seconds(for: task)
    let flavour: JobList.Flavour = task.threadSanitizer ? .threadSanitizer : .plain
    var executor = JobExecutor(workspaces: [flavour: workspace], cache: nil, useCache: false, order: .asGiven)
    executor.pause = pause
    progress("mutants: lesson \(plan.lesson.number), task \(task.number): the reference tests \(Count.words(runs, "time")) against \(Count.words(schema.mutants.count, "mutant"))")

    let solution = plan.variants[task.number]?.first { $0.id == .solution(of: task.number) }?.sources
    func variant(_ mutant: Mutant) -> VariantID {
      let change = MutantChange(
        id: mutant.id, number: schema.number(of: mutant.id) ?? 0, declaration: mutant.declaration, kind: mutant.kind,
        quoted: nil, location: nil, builtAlone: mutant.builtAlone == true)
      return VariantID(task: task.number, role: .mutant(change))
    }
    func id(_ mutant: Mutant, share: Int) -> JobID { .repeated(variant(mutant), share: share) }
    func job(_ mutant: Mutant, share: Int, runs: Int) -> JobList.Job {
      JobList.repeatedRuns(
        of: variant(mutant), share: share, runs: runs, program: program, tests: tests, flavour: flavour, seconds: seconds,
        waitsForEvents: spec.waitsForEvents)
    }
    let probed = executor.run(schema.mutants.map { job($0, share: 0, runs: 1) })
    let dying = runs > 1 ? schema.mutants.filter { Self.read(probed[id($0, share: 0)], runs: 1).killed == 1 } : []
    let rest = executor.run(dying.map { job($0, share: 1, runs: runs - 1) })
    let outcomes = schema.mutants.map { mutant in
      var ran = Self.read(probed[id(mutant, share: 0)], runs: 1)
      if let more = rest[id(mutant, share: 1)] {
        let found = Self.read(more, runs: runs - 1)
        ran = (1 + found.killed, ran.killers.union(found.killers), found.hung, found.problem)
      }
      var outcome = MutantReport.Outcome(mutant: mutant, killedRuns: 0, runs: runs, killers: [])
      (outcome.killedRuns, outcome.killers, outcome.hung, outcome.problem) = ran
      outcome.seconds = probed[id(mutant, share: 0)]?.seconds ?? 0
      return outcome
    }
    guard Self.hasExitTests(task, in: workbook.solutionFolder(of: plan.lesson)), let solution else { return outcomes }

    // An exit test's child runs the program as built, never the schema's switch: a survivor an
    // exit test may kill is built again as a program of its own, as a chaff is, and run so.
    var alone: [String: (program: URL, mutant: Mutant)] = [:]
    for outcome in outcomes where !outcome.killed && !outcome.hung && outcome.problem == nil {
      var mutant = outcome.mutant
      mutant.builtAlone = true
      guard let original = solution.files[mutant.file],
        case .success(let folder) = VariantBuild.build(
          mutant.alone(in: solution, original: original), base: solution, module: plan.lesson.module, state: state,
          compiler: workspace.compiler)
      else { continue }
      alone[mutant.id] = (folder.appending(path: Compiler.programName), mutant)
    }
    guard !alone.isEmpty else { return outcomes }
    progress("mutants: lesson \(plan.lesson.number), task \(task.number): the reference tests \(runs) time\(runs == 1 ? "" : "s") against \(alone.count) survivors built alone, for the exit tests")
    let ownRuns = executor.run(alone.values.map { built in
      JobList.repeatedRuns(
        of: variant(built.mutant), share: 2, runs: runs, program: built.program, tests: tests, flavour: flavour, seconds: seconds,
        waitsForEvents: spec.waitsForEvents)
    })
    return outcomes.map { outcome in
      guard let built = alone[outcome.mutant.id], let result = ownRuns[id(built.mutant, share: 2)] else { return outcome }
      let found = Self.read(result, runs: runs)
      guard found.killed == runs, found.problem == nil else { return outcome }
      var killed = MutantReport.Outcome(mutant: built.mutant, killedRuns: found.killed, runs: runs, killers: found.killers)
      killed.seconds = result.seconds / Double(max(runs, 1))
      return killed
    }
  }

  /// Whether a task's reference tests hold an exit test (`#expect(processExitsWith:)`), read
  /// from its files in the solution folder `solution`.
  static func hasExitTests(_ task: LessonTask, in solution: URL) -> Bool {
    task.files.contains { file in
      (try? String(contentsOf: solution.appending(path: file), encoding: .utf8))?.contains("processExitsWith") == true
    }
  }

  /// The kill-set entries of `test`, which failed: its id, or for a parameterized test whose
  /// every failure names its case, one entry per failing case.
  static func killers(_ test: TestOutcome) -> [String] {
    let cases = test.failures.map(\.testCase)
    guard test.isParameterized, !cases.isEmpty, cases.allSatisfy({ $0 != nil }) else { return [test.id] }
    return Set(cases.compactMap { $0 }).sorted().map { "\(test.id)|\($0)" }
  }

  /// Of `runs` runs in `result`, how many killed the mutant, which tests did, and whether the
  /// tests hung on it (a time limit is no verdict, so a hang kills nothing).
  private static func read(_ result: JobResult?, runs: Int) -> (killed: Int, killers: Set<String>, hung: Bool, problem: String?) {
    guard let result else { return (0, [], false, "the grader has no result of the runs") }
    if let failed = result.failedRuns(of: runs) {
      let crashed = !result.crashes.isEmpty || !result.sanitizerReports.isEmpty
      return (failed, crashed ? Set(result.crashes.keys) : Set(result.tests.filter { $0.failedRuns > 0 }.flatMap(killers)), false, nil)
    }
    return (0, [], result.ending == .timedOut, result.ending == .timedOut ? nil : Undecided(result.ending)?.words ?? "the runs were stopped")
  }
}
