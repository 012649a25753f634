import Foundation
import GradeBuild
import GradeCatalog
import GradeEvents
import GradeFeedback
import GradeJudge
import GradeProcesses
import GradeResults
import GradeRun

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
    /// The test functions, by name, that failed on it in some run: on a chaff or a mutant,
    /// the tests that catch it.
    public var killers: Set<String> = []
    /// Every test function, by name, that ran against it.
    public var tests: Set<String> = []
  }

  /// Builds `lesson` as the solution in `learnerFolder` has it and runs each write-tests task's
  /// reference tests `runs` times against each of its variants.
  ///
  /// Most of a soak's time is bounded waits running out on buggy versions: a chaff that never
  /// calls back costs its test's half-second or two-second wait in every run, and one process
  /// running its fifty runs in turn took 100 s. So each variant first runs once (a probe that
  /// says how long one run takes), and the rest of its runs are split into processes of about
  /// `soakChunkSeconds` each, the longest first. Every process is a job of a grading's kind
  /// (`JobID.repeated`), run by a grading's executor, as many at once as keep the cores as busy
  /// as a grading's `JobExecutor.width` busy jobs do (`JobExecutor.busy`): the soak proves the
  /// reference tests under a grading's load.
  ///
  /// A bug's other runs run only the tests that caught it in its first (`Soak.filters(after:)`):
  /// lesson 9's exit tests start a process each, in every run, and its soak took 34 s instead
  /// of 10. Where those tests missed it in some run, those runs are made again with every test
  /// (`Soak.Batch.doubted`), so a run counts as missed only when the whole suite missed it.
  public func soak(_ lesson: Lesson, learnerFolder: URL, workspaceName: String, runs: Int) -> [SoakResult] {
    guard let plan = try? WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: learnerFolder, toolchain: Toolchain.version(spawner: spawner))
    else { return [] }
    let root = state.workspace(workspaceName, of: lesson)
    let tasks = lesson.tasks.filter { if case .writeTests = $0.kind { plan.variants[$0.number] != nil } else { false } }
    // Tasks the catalog marks for ThreadSanitizer are soaked in its build, as they are graded.
    var results: [SoakResult] = []
    for sanitized in [false, true] {
      let chosen = tasks.filter { $0.threadSanitizer == sanitized }
      guard !chosen.isEmpty else { continue }
      let workspace = soakWorkspace(root: root, plan: plan, threadSanitizer: sanitized, runs: runs)
      guard (try? workspace.sync(chosen.map { .task($0.number) })) != nil else { continue }
      let built = workspace.build(tasks: chosen.map(\.number))
      let flavour: JobList.Flavour = sanitized ? .threadSanitizer : .plain
      var executor = JobExecutor(workspaces: [flavour: workspace], cache: nil, useCache: false, order: .asGiven)
      executor.pause = pause
      var soaks: [Soak] = []
      for task in chosen {
        guard case .writeTests(let spec) = task.kind else { continue }
        // The catalog's variants and the kept mutants: a kept mutant must die in every run too.
        soaks += (spec.variants(of: task.number) + built.mutants(of: task.number)).map { variant in
          let tests = built.testsLibrary(.task(task.number))
          return Soak(
            variant: variant, program: built.program(for: variant), tests: tests, flavour: flavour,
            waitsForEvents: spec.waitsForEvents, seconds: limits.seconds(for: task),
            problem: built.failures[.task(task.number)]?.words ?? "the reference tests did not build")
        }
      }
      // A variant's first run is the grading's own, where it was kept; the rest are probed first.
      let graded = gradedRuns(of: lesson, tasks: chosen, built: built, flavour: flavour, durations: JobDurations(in: root))
      let probes = soaks.map { Soak.Batch(soak: $0, share: 0, runs: 1) }
      let probed = executor.run(probes.filter { graded[$0.soak.variant] == nil }.compactMap(\.job))
        .merging(graded.map { (JobID.repeated($0.key, share: 0), $0.value) }) { $1 }
      var rest = soaks.flatMap { soak in
        let first = probed[.repeated(soak.variant, share: 0)]
        return soak.batches(
          of: runs - 1, oneRunTook: first?.seconds ?? 0, chunkSeconds: Self.soakChunkSeconds, filters: soak.filters(after: first))
      }
      // Most of a soak's runs wait for a bounded wait to run out, and a waiting run leaves its core
      // to another: the rest start by how much of a core each variant's first run kept busy, so
      // the cores are as loaded as a grading's eight busy jobs load them.
      executor.busy = Dictionary(rest.compactMap { batch in
        probed[.repeated(batch.soak.variant, share: 0)].map { first in
          (JobID.repeated(batch.soak.variant, share: batch.share), JobDurations.Took(first).busy(floor: Self.leastBusy))
        }
      }) { first, _ in first }
      var ran = probed.merging(executor.run(rest.sorted { $0.estimate > $1.estimate }.compactMap(\.job))) { $1 }
      // Where those tests missed the bug in some run, the runs are made again with every test,
      // so a run counts as missed only when the whole suite missed it, as a grading counts it.
      let doubted = rest.indices.filter { rest[$0].doubted(rest[$0].job.flatMap { ran[$0.id] }) }
      for index in doubted { rest[index].filters = [] }
      ran.merge(executor.run(doubted.compactMap { rest[$0].job })) { $1 }
      for soak in soaks {
        var result = SoakResult(task: soak.variant.task, variant: soak.variant, runs: runs, wrong: 0)
        for batch in probes + rest where batch.soak.variant == soak.variant {
          let job = batch.job.flatMap { ran[$0.id] }
          let found = soak.read(job, runs: batch.runs)
          // The probe is one run, whose issues a test's count is exact for.
          if batch.share == 0 { result.killers = job.map { Self.catchingTests($0, of: soak.variant) } ?? [] }
          result.tests.formUnion(job?.tests.filter { $0.runs > 0 }.map(\.name) ?? [])
          result.wrong += found.wrong
          result.problem = result.problem ?? found.problem
          result.example = result.example ?? found.example
        }
        results.append(result)
      }
    }
    return results.sorted { ($0.task, $0.mustFail ? 1 : 0, $0.variant.words) < ($1.task, $1.mustFail ? 1 : 0, $1.variant.words) }
  }

  /// The kept result of each variant's run in the grading of `tasks` from `built`, by variant, with
  /// how long that run took: a soak counts it as the first of its runs, so that `grade check` runs
  /// nothing twice. The same program, tests and limits give the same key, so a result found is a
  /// run of exactly what the soak runs; none are used when the grader may not answer from kept
  /// results (`--no-cache`).
  ///
  /// The job cache keeps no times, so a run's seconds come from the grading's `durations`; a run
  /// whose time is not there is left out and probed again. Counted as instant, a kept run put
  /// the other 49 runs of a chaff that waits two seconds into one process: lesson 6's soak took
  /// 99 s, and 31 s split.
  func gradedRuns(
    of lesson: Lesson, tasks: [LessonTask], built: Workspace.Built, flavour: JobList.Flavour, durations: JobDurations
  ) -> [VariantID: JobResult] {
    guard useCache else { return [:] }
    let jobs = JobList.jobs(for: lesson, tasks: Set(tasks.map(\.number)), built: built, flavour: flavour, settings: settings)
    return Self.timed(JobCache(folder: state.jobs).kept(jobs), seconds: durations.load())
  }

  /// Each variant's kept run in `kept` with the `seconds` (by `JobID.description`) it took; a run
  /// whose time is unknown is left out.
  static func timed(_ kept: [JobID: JobResult], seconds: [String: JobDurations.Took]) -> [VariantID: JobResult] {
    Dictionary(kept.compactMap { id, kept in
      guard case .variant(let variant) = id, let took = seconds[id.description], took.seconds > 0 else { return nil }
      var run = kept
      run.seconds = took.seconds
      run.cpuSeconds = took.cpuSeconds
      return (variant, run)
    }) { first, _ in first }
  }

  /// The least share of a core a soak's run counts as keeping busy, however long it waits.
  static let leastBusy = 1.0 / 16

  /// The test functions, by name, that catch `variant` in `result`, one run, as a grading
  /// counts a catch: a test that failed, or crashed where the chaff allows it, with as many
  /// issues as the chaff asks of one test.
  static func catchingTests(_ result: JobResult, of variant: VariantID) -> Set<String> {
    Set(catchingOutcomes(result, of: variant).map(\.name))
  }

  /// The outcomes of the tests that catch `variant` in `result`, as `catchingTests` counts a catch.
  static func catchingOutcomes(_ result: JobResult, of variant: VariantID) -> [TestOutcome] {
    let crashed = Set(result.crashes.keys)
    var chaff: Chaff?
    if case .chaff(let caught) = variant.role { chaff = caught }
    return result.tests.filter { test in
      if crashed.contains(test.id) { return chaff?.mustNotCrash != true }
      return test.failedRuns > 0 && test.failures.count >= (chaff?.minimumIssues ?? 1)
    }
  }

  /// How long one process of a soak should take: long enough that starting it is a small part of
  /// it, short enough that the longest variants' runs spread over every slot.
  static let soakChunkSeconds = 8.0

  /// One variant to soak: what its runs need.
  struct Soak: Sendable {
    var variant: VariantID
    /// The variant's program, if it was built.
    var program: URL?
    /// The reference tests, if they were built.
    var tests: URL?
    var flavour: JobList.Flavour
    var waitsForEvents: Bool
    /// One run's time limit, as in a grading.
    var seconds: Int
    /// Why the runs cannot be made, when the program or the tests are missing.
    var problem: String

    /// Some of a variant's runs, in one process.
    struct Batch: Sendable {
      var soak: Soak
      /// Which share of the variant's runs: the probe is 0.
      var share: Int
      var runs: Int
      /// How long it should take, from the probe.
      var estimate: Double = 0
      /// Patterns of the tests these runs run; all when empty.
      var filters: [String] = []

      /// Whether these runs must be made again with every test: only some tests ran, and in
      /// some run of `result` none of them caught the bug.
      func doubted(_ result: JobResult?) -> Bool {
        !filters.isEmpty && soak.read(result, runs: runs).wrong > 0
      }

      /// The job that makes these runs; `nil` when nothing was built to run.
      var job: JobList.Job? {
        guard let program = soak.program, let tests = soak.tests else { return nil }
        return JobList.repeatedRuns(
          of: soak.variant, share: share, runs: runs, program: program, tests: tests, flavour: soak.flavour, seconds: soak.seconds,
          waitsForEvents: soak.waitsForEvents, filters: filters)
      }
    }

    /// The filters of the tests the rest of this variant's runs run, after its `first` run: for a
    /// bug, the tests that caught it there (every test when none did); for a correct version, every test.
    func filters(after first: JobResult?) -> [String] {
      guard !variant.isCorrect, let first else { return [] }
      return Grader.catchingOutcomes(first, of: variant).map(\.id).sorted().map(Workspace.exactFilter(forID:))
    }

    /// `runs` runs of the tests `filters` match (all when empty) split into batches of about
    /// `chunkSeconds` each, shares from 1, when one run of every test took `oneRunTook`.
    func batches(of runs: Int, oneRunTook: Double, chunkSeconds: Double, filters: [String] = []) -> [Batch] {
      guard runs > 0 else { return [] }
      let count = min(runs, max(1, Int((Double(runs) * oneRunTook / chunkSeconds).rounded(.up))))
      return (0..<count).map { index in
        // The first `runs % count` batches take one run more, so the batches add up to `runs`.
        let batchRuns = runs / count + (index < runs % count ? 1 : 0)
        return Batch(soak: self, share: index + 1, runs: batchRuns, estimate: Double(batchRuns) * oneRunTook, filters: filters)
      }
    }

    /// How many of `runs` runs in `result` went the wrong way: a chaff or mutant no test failed on,
    /// a correct version a test failed on.
    func read(_ result: JobResult?, runs: Int) -> (wrong: Int, problem: String?, example: String?) {
      guard let result else { return (0, problem, nil) }
      guard let failed = result.failedRuns(of: runs) else { return (0, Undecided(result.ending)?.words ?? "the runs were stopped", nil) }
      guard variant.isCorrect else { return (runs - failed, nil, nil) }
      let example = result.tests.first { !$0.failures.isEmpty }.map { test in
        "\(test.displayName): " + test.failures.prefix(3).map(\.message).joined(separator: " / ")
      }
      return (failed, nil, example)
    }
  }

  /// A workspace at `root` whose every run may take `runs` times the box's limit: the runs of a
  /// variant repeat in one process, so its limit is every run's together.
  func soakWorkspace(root: URL, plan: WorkspacePlan, threadSanitizer: Bool, runs: Int) -> Workspace {
    var soakLimits = limits
    soakLimits.seconds = limits.seconds * runs
    return workspace(root: root, plan: plan, threadSanitizer: threadSanitizer, limits: soakLimits)
  }
}
