import Foundation
import GradeCatalog
import GradeProcesses

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
  /// reference tests `runs` times against each of its variants.
  ///
  /// Most of a soak's time is bounded waits running out on buggy versions: a chaff that never
  /// calls back costs its test's half-second or two-second wait in every run, and one process
  /// running its fifty runs in turn took 100 s. So each variant first runs once (a probe that
  /// says how long one run takes), and the rest of its runs are split into processes of about
  /// `soakChunkSeconds` each, the longest first, as many at once as a grading runs
  /// (`JobExecutor.width`): the soak proves the reference tests under a grading's load.
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
      var soaks: [Soak] = []
      for task in chosen {
        guard case .writeTests(let spec) = task.kind else { continue }
        let seconds = limits.seconds(for: task)
        // The catalog's variants and the kept mutants: a kept mutant must die in every run too.
        soaks += (spec.variants(of: task.number) + built.mutants(of: task.number)).map {
          Soak(variant: $0, waitsForEvents: spec.waitsForEvents, seconds: seconds)
        }
      }
      let probes = soaks.map { Soak.Part(soak: $0, runs: 1) }
      let probed = run(probes, sandbox: sandbox, built: built)
      let rest = soaks.indices.flatMap { index in
        soaks[index].parts(of: runs - 1, oneRunTook: probed[index].seconds, chunkSeconds: Self.soakChunkSeconds)
      }
      let others = run(rest.sorted { $0.estimate > $1.estimate }, sandbox: sandbox, built: built)
      for soak in soaks {
        let counted = (probed + others).filter { $0.variant == soak.variant }
        var result = SoakResult(task: soak.variant.task, variant: soak.variant, runs: runs, wrong: counted.map(\.wrong).reduce(0, +))
        result.problem = counted.lazy.compactMap(\.problem).first
        result.example = counted.lazy.compactMap(\.example).first
        results.append(result)
      }
    }
    return results.sorted { ($0.task, $0.mustFail ? 1 : 0, $0.variant.words) < ($1.task, $1.mustFail ? 1 : 0, $1.variant.words) }
  }

  /// How long one process of a soak should take: long enough that starting it is a small part of
  /// it, short enough that the longest variants' runs spread over every slot.
  static let soakChunkSeconds = 8.0

  /// One variant to soak: what its runs need.
  struct Soak: Sendable {
    var variant: VariantID
    var waitsForEvents: Bool
    /// One run's time limit, as in a grading.
    var seconds: Int

    /// Some of a variant's runs, in one process.
    struct Part: Sendable {
      var soak: Soak
      var runs: Int
      /// How long it should take, from the probe.
      var estimate: Double = 0
    }

    /// `runs` runs split into parts of about `chunkSeconds` each, when one run took `oneRunTook`.
    func parts(of runs: Int, oneRunTook: Double, chunkSeconds: Double) -> [Part] {
      guard runs > 0 else { return [] }
      let count = min(runs, max(1, Int((Double(runs) * oneRunTook / chunkSeconds).rounded(.up))))
      return (0..<count).map { index in
        // The first `runs % count` parts take one run more, so the parts add up to `runs`.
        let share = runs / count + (index < runs % count ? 1 : 0)
        return Part(soak: self, runs: share, estimate: Double(share) * oneRunTook)
      }
    }
  }

  /// What one process of a soak found.
  struct SoakPartResult: Sendable {
    var variant: VariantID
    var seconds: Double
    var wrong = 0
    var problem: String?
    var example: String?
  }

  /// Runs `parts`, `JobExecutor.width` at once, and returns what each found, in the order given.
  private func run(_ parts: [Soak.Part], sandbox: Sandbox, built: Sandbox.Built) -> [SoakPartResult] {
    let found = Locked([Int: SoakPartResult]())
    SideBySide.run(parts.count, width: JobExecutor.width) { index in
      let part = parts[index]
      let variant = part.soak.variant
      let started = ContinuousClock.now
      var result = SoakPartResult(variant: variant, seconds: 0)
      defer {
        result.seconds = seconds(since: started)
        trace("  soaked task \(variant.task) against \(variant.words), \(part.runs) runs", since: started)
        found.update { $0[index] = result }
      }
      guard let program = built.program(for: variant), let tests = built.testsLibrary(.task(variant.task)) else {
        result.problem = built.failures[.task(variant.task)] ?? "the reference tests did not build"
        return
      }
      // Each run has the task's own limit, so the runs together have that many times it.
      let job = sandbox.runTests(
        program, libraries: [tests], repetitions: part.runs, seconds: part.soak.seconds * part.runs,
        waitsForEvents: part.soak.waitsForEvents, mutant: variant.mutantNumber)
      let mustFail = !variant.isCorrect
      guard let failed = job.failedRuns(of: part.runs) else {
        result.problem = job.ending.reason ?? "the runs were stopped"
        return
      }
      result.wrong = mustFail ? part.runs - failed : failed
      if !mustFail, let test = job.tests.first(where: { !$0.failures.isEmpty }) {
        result.example = "\(test.displayName): " + test.failures.prefix(3).map(\.message).joined(separator: " / ")
      }
    }
    let results = found.value
    return parts.indices.map { results[$0]! }
  }

  /// A sandbox at `root` whose every run may take `runs` times the box's limit: the runs of a
  /// variant repeat in one process, so its limit is every run's together.
  func soakSandbox(root: URL, plan: SandboxPlan, threadSanitizer: Bool, runs: Int) -> Sandbox {
    var soakLimits = limits
    soakLimits.seconds = limits.seconds * runs
    return sandbox(root: root, plan: plan, threadSanitizer: threadSanitizer, limits: soakLimits)
  }
}
