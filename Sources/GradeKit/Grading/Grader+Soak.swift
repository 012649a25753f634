import Foundation

/// Running a lesson's reference tests against every variant many times, under load, to prove
/// that no bug is caught by luck and no correct version fails by it (`grade check --runs N`).
extension Grader {
  /// How one variant fared in `runs` runs of a task's reference tests.
  public struct SoakResult: Sendable, Equatable {
    /// The task.
    public var task: Int
    /// The variant.
    public var variant: VariantID
    /// Whether the tests must fail on it (a chaff or a mutant) or pass (a correct implementation).
    public var mustFail: Bool { !variant.isCorrect }
    /// How many runs there were.
    public var runs: Int
    /// How many runs went the wrong way: a chaff no test failed on, a correct version a test failed on.
    public var wrong: Int
    /// Why the runs could not be counted, when they could not.
    public var problem: String?
    /// What a test said in one run that went the wrong way on a correct version, to start looking from.
    public var example: String?
  }

  /// Builds `lesson` as the solution in `learnerFolder` has it and runs each write-tests task's
  /// reference tests `runs` times against each of its variants, every variant's runs in one
  /// process each, as many processes at once as there are cores.
  public func soak(_ lesson: Lesson, learnerFolder: URL, sandboxName: String, runs: Int) -> [SoakResult] {
    guard let plan = try? SandboxPlan(workbook: workbook, lesson: lesson, learnerFolder: learnerFolder, toolchain: Toolchain.version(runner: runner))
    else { return [] }
    let root = state.sandbox(sandboxName, of: lesson)
    let tasks = lesson.tasks.filter { if case .writeTests = $0.kind { plan.variants[$0.number] != nil } else { false } }
    // Tasks the catalog marks for ThreadSanitizer are soaked in its build, as they are graded.
    var results: [SoakResult] = []
    for sanitized in [false, true] {
      let chosen = tasks.filter { $0.threadSanitizer == sanitized }
      guard !chosen.isEmpty else { continue }
      let sandbox = soakSandbox(root: root, plan: plan, threadSanitizer: sanitized, runs: runs)
      guard (try? sandbox.sync(chosen.map { .task($0.number) })) != nil else { continue }
      let built = sandbox.build(tasks: chosen.map(\.number))
      var runsToMake: [(variant: VariantID, waits: Bool, seconds: Int)] = []
      for task in chosen {
        guard case .writeTests(let spec) = task.kind else { continue }
        let seconds = task.seconds(within: limits)
        // The catalog's variants and the kept mutants: a kept mutant must die in every run too.
        runsToMake += (spec.variants(of: task.number) + built.mutants(of: task.number)).map { ($0, spec.waitsForEvents, seconds) }
      }
      let found = LockedBox([SoakResult]())
      let planned = runsToMake
      DispatchQueue.concurrentPerform(iterations: planned.count) { slot in
        let run = planned[slot]
        let task = run.variant.task
        var result = SoakResult(task: task, variant: run.variant, runs: runs, wrong: 0)
        guard let program = built.program(for: run.variant), let tests = built.testsLibrary(.task(task)) else {
          result.problem = built.failures[.task(task)] ?? "the reference tests did not build"
          found.update { $0.append(result) }
          return
        }
        // Each run has the task's own limit, so the runs together have that many times it.
        let job = sandbox.runTests(
          program, libraries: [tests], repetitions: runs, seconds: run.seconds * runs, waitsForEvents: run.waits, mutant: run.variant.mutantNumber)
        if !job.ending.decides {
          result.problem = job.ending.reason ?? "the runs were stopped"
        } else if !job.crashes.isEmpty || !job.sanitizerReports.isEmpty {
          // A crash or a race is a failure in every run it reaches: caught on a chaff, wrong on a wheat.
          result.wrong = result.mustFail ? 0 : runs
        } else {
          let failing = Set(job.tests.flatMap(\.failedIterations))
          result.wrong = result.mustFail ? runs - failing.count : failing.count
          if !result.mustFail, let test = job.tests.first(where: { !$0.failures.isEmpty }) {
            result.example = "\(test.displayName): " + test.failures.prefix(3).map(\.message).joined(separator: " / ")
          }
        }
        found.update { $0.append(result) }
      }
      results += found.value
    }
    return results.sorted { ($0.task, $0.mustFail ? 1 : 0, $0.variant.words) < ($1.task, $1.mustFail ? 1 : 0, $1.variant.words) }
  }

  /// A sandbox at `root` whose every run may take `runs` times the box's limit: the runs of a
  /// variant repeat in one process, so its limit is every run's together.
  func soakSandbox(root: URL, plan: SandboxPlan, threadSanitizer: Bool, runs: Int) -> Sandbox {
    var soakLimits = limits
    soakLimits.seconds = limits.seconds * runs
    return Sandbox(
      root: root, plan: plan,
      compiler: Compiler(runner: runner, moduleCache: state.moduleCache, threadSanitizer: threadSanitizer, store: state.builds),
      box: Box(
        limits: soakLimits, isolation: isolation, runner: runner, scratchParent: root.appending(path: "runs"),
        threadSanitizer: threadSanitizer),
      state: state)
  }
}
