import Foundation
import GradeProcesses

/// Runs a grading plan's jobs, each in its own box, answering what it can from the job cache.
struct JobExecutor: Sendable {
  /// The sandbox each flavour's jobs run in.
  var sandboxes: [GradingPlan.Flavour: Sandbox]
  /// Where job results are kept between gradings; none for runs that must all happen (a soak's).
  var cache: JobCache?
  /// Whether a kept result may answer a job.
  var useCache: Bool
  /// The order jobs start in.
  var order: Order
  /// Called before each run (`Grader.pause`).
  var pause: @Sendable () -> Void = {}

  /// The order jobs start in.
  enum Order: Sendable {
    /// The longest expected first, by the seconds each job took last time, kept in the
    /// durations given, else in a random order, which says nothing about which variant is
    /// which: a grading's.
    case longestFirst(JobDurations)
    /// The order given: a soak's, the longest first, of the workbook's own reference tests.
    case asGiven
  }

  /// Runs `jobs`, all at once, each task's solution among the first; leaves out the results of
  /// the jobs that wait for their task's solution (`GradingPlan.Job.waitsForSolution`) when the
  /// tests hung or flooded on it, and stops those still running: the tests would on every
  /// version, a limit each. Started beside the solution rather than after it, a grading no
  /// longer waits for the solution's run before the rest begin.
  func run(_ jobs: [GradingPlan.Job]) -> [JobID: JobResult] {
    let waiting = Set(jobs.filter(\.waitsForSolution).compactMap(\.id.task))
    let stuck = Dictionary(uniqueKeysWithValues: waiting.map { ($0, Cancellation()) })
    let results = runAtOnce(jobs, stuck: stuck)
    return results.filter { id, _ in
      guard let job = jobs.first(where: { $0.id == id }), job.waitsForSolution, let task = id.task else { return true }
      return stuck[task]?.isCancelled != true
    }
  }

  /// Whether `result`, of the job `id`, says the tests hung or flooded on their task's solution.
  private static func stuckOnSolution(_ id: JobID, _ result: JobResult) -> Bool {
    guard case .variant(let variant) = id, case .solution = variant.role else { return false }
    return result.ending == .timedOut || result.ending == .flooded
  }

  /// How many jobs run at once: four for each core. A job is a short process that often waits,
  /// for a bounded wait to run out on a buggy version or for a sanitizer to start, and a
  /// waiting job leaves its core to another. `grade check --runs` soaks the reference tests
  /// at this load, so a correct version's runs are proved under it.
  static let width = 4 * Sandbox.cores

  /// Runs every job whose result is not kept, `width` at once, in the executor's `order`, the
  /// jobs that wait for a solution after the rest; a job whose task is in `stuck`, once that is
  /// set, is stopped or not started, and leaves no result, kept or timed.
  private func runAtOnce(_ jobs: [GradingPlan.Job], stuck: [Int: Cancellation]) -> [JobID: JobResult] {
    let results = Locked([JobID: JobResult]())
    var pending: [GradingPlan.Job] = []
    for job in jobs {
      if useCache, let kept = cache?.load(key: job.cacheKey) {
        results.update { $0[job.id] = kept }
      } else {
        pending.append(job)
      }
    }
    let order = [false, true].flatMap { waits in
      let group = pending.filter { $0.waitsForSolution == waits }
      return switch self.order {
      case .longestFirst(let durations): JobDurations.longestFirst(group, expected: durations.load())
      case .asGiven: group
      }
    }
    SideBySide.run(order.count, width: Self.width) { index in
      let job = order[index]
      let cancellation = job.waitsForSolution ? job.id.task.flatMap { stuck[$0] } : nil
      guard let sandbox = sandboxes[job.flavour], cancellation?.isCancelled != true else { return }
      pause()
      let started = ContinuousClock.now
      var result = sandbox.runTests(
        job.program, libraries: job.libraries, filters: job.filters, repetitions: job.repetitions, seconds: job.seconds,
        crashesToName: job.crashesToName, waitsForEvents: job.waitsForEvents, mutant: job.mutant, cancellation: cancellation)
      if cancellation?.isCancelled == true { return }
      if Self.stuckOnSolution(job.id, result), let task = job.id.task { stuck[task]?.cancel() }
      result.seconds = seconds(since: started)
      trace("job \(job.id) took", since: started)
      if job.keeps(result) { cache?.store(result, key: job.cacheKey) }
      results.update { $0[job.id] = result }
    }
    trace("ran \(order.count) of \(jobs.count) jobs", since: .now)
    if case .longestFirst(let durations) = self.order { durations.store(results.value) }
    return results.value
  }
}
