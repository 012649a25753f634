import Foundation
import GradeBuild
import GradeProcesses

/// Runs a job list's jobs, each in its own box, answering what it can from the job cache.
package struct JobExecutor: Sendable {
  /// The workspace each flavour's jobs run in.
  var workspaces: [JobList.Flavour: Workspace]
  /// Where job results are kept between gradings; none for runs that must all happen (a soak's).
  var cache: JobCache?
  /// Whether a kept result may answer a job.
  var useCache: Bool
  /// The order jobs start in.
  var order: Order

  /// Creates an executor running each flavour's jobs in its workspace, in `order`, with `cache` when `useCache`.
  package init(workspaces: [JobList.Flavour: Workspace], cache: JobCache? = nil, useCache: Bool, order: Order) {
    self.workspaces = workspaces
    self.cache = cache
    self.useCache = useCache
    self.order = order
  }
  /// Called before each run (`Grader.pause`).
  package var pause: @Sendable () -> Void = {}
  /// How much of a core each job is known to keep busy (`JobDurations.Took.busy`), when its
  /// program was just run and measured: jobs then start while the cores those running keep
  /// busy add up to `width`, at most `mostAtOnce` at once, a job not named counting as a whole
  /// core. `nil`: `width` jobs at once, as a grading runs a learner's tests, whose last time
  /// says nothing of how their next edit waits.
  package var busy: [JobID: Double]?

  /// The most jobs that run at once when each one's share of a core is known.
  static let mostAtOnce = 4 * width

  /// The order jobs start in.
  package enum Order: Sendable {
    /// The longest expected first, by the seconds each job took last time, kept in the
    /// durations given, else in a random order, which says nothing about which variant is
    /// which: a grading's.
    case longestFirst(JobDurations)
    /// The order given: a soak's, the longest first, of the workbook's own reference tests.
    case asGiven
  }

  /// How many jobs run at once: four for each core. A job is a short process that often waits,
  /// for a bounded wait to run out on a buggy version or for a sanitizer to start, and a
  /// waiting job leaves its core to another. `grade check --runs` soaks the reference tests
  /// at this load, so a correct version's runs are proved under it.
  static let width = 4 * SideBySide.cores

  /// Runs every job whose result is not kept, `width` at once, in the executor's `order`, the
  /// jobs that wait for their task's solution (`JobList.Job.waitsForSolution`) after the
  /// rest but without waiting for it: when the tests hang or flood on the solution, those
  /// still to start never do, those running are stopped (`Cancellation`), and the results of
  /// all of them are left out, since the tests would hang on every version, a limit each.
  package func run(_ jobs: [JobList.Job]) -> [JobID: JobResult] {
    let stuck = Dictionary(uniqueKeysWithValues: Set(jobs.filter(\.waitsForSolution).compactMap(\.id.task)).map { ($0, Cancellation()) })
    @Sendable func cancellation(of job: JobList.Job) -> Cancellation? { job.waitsForSolution ? job.id.task.flatMap { stuck[$0] } : nil }
    let results = Locked([JobID: JobResult]())
    var pending: [JobList.Job] = []
    for job in jobs {
      if useCache, let kept = cache?.load(key: job.cacheKey) {
        results.update { $0[job.id] = kept }
      } else {
        pending.append(job)
      }
    }
    let expected = if case .longestFirst(let durations) = self.order { durations.load() } else { [String: JobDurations.Took]?.none }
    let order = [false, true].flatMap { waits in
      let group = pending.filter { $0.waitsForSolution == waits }
      return expected.map { JobDurations.longestFirst(group, expected: $0) } ?? group
    }
    let each: @Sendable (Int) -> Void = { index in
      let job = order[index]
      let cancellation = cancellation(of: job)
      guard let workspace = workspaces[job.flavour], cancellation?.isCancelled != true else { return }
      pause()
      let started = ContinuousClock.now
      var result = workspace.runTests(
        job.program, libraries: job.libraries, filters: job.filters, repetitions: job.repetitions, seconds: job.seconds,
        crashesToName: job.crashesToName, waitsForEvents: job.waitsForEvents, mutant: job.mutant,
        lateEvents: job.lateEvents, cancellation: cancellation)
      if cancellation?.isCancelled == true { return }
      if Self.stuckOnSolution(job.id, result), let task = job.id.task { stuck[task]?.cancel() }
      result.seconds = seconds(since: started)
      trace("job \(job.id) took", since: started)
      if job.caches(result) { cache?.store(result, key: job.cacheKey) }
      results.update { $0[job.id] = result }
    }
    SideBySide.run(
      costs: order.map { busy?[$0.id] ?? 1 }, budget: Double(Self.width), cap: busy == nil ? Self.width : Self.mostAtOnce, each)
    trace("ran \(order.count) of \(jobs.count) jobs", since: .now)
    if case .longestFirst(let durations) = self.order { durations.store(results.value) }
    // A job that waits for a stuck solution may have ended (or been answered from the cache) before it was found stuck.
    let dropped = Set(jobs.filter { cancellation(of: $0)?.isCancelled == true }.map(\.id))
    return results.value.filter { !dropped.contains($0.key) }
  }

  /// Whether `result`, of the job `id`, says the tests hung or flooded on their task's solution.
  private static func stuckOnSolution(_ id: JobID, _ result: JobResult) -> Bool {
    guard case .variant(let variant) = id, case .solution = variant.role else { return false }
    return result.ending == .timedOut || result.ending == .flooded
  }
}
