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

  /// Runs `jobs` in two phases: everything that does not wait for its task's solution, then
  /// the rest, leaving out the tasks whose tests hung or flooded on the solution.
  func run(_ jobs: [GradingPlan.Job]) -> [JobID: JobResult] {
    var results = runAtOnce(jobs.filter { !$0.waitsForSolution })
    let stuck = Set(results.compactMap { id, result -> Int? in
      guard case .variant(let variant) = id, case .solution = variant.role,
        result.ending == .timedOut || result.ending == .flooded
      else { return nil }
      return variant.task
    })
    results.merge(runAtOnce(jobs.filter { $0.waitsForSolution && !stuck.contains($0.id.task ?? -1) })) { $1 }
    return results
  }

  /// How many jobs run at once: four for each core. A job is a short process that often waits,
  /// for a bounded wait to run out on a buggy version or for a sanitizer to start, and a
  /// waiting job leaves its core to another. `grade check --runs` soaks the reference tests
  /// at this load, so a correct version's runs are proved under it.
  static let width = 4 * Sandbox.cores

  /// Runs every job whose result is not kept, `width` at once, in the executor's `order`.
  private func runAtOnce(_ jobs: [GradingPlan.Job]) -> [JobID: JobResult] {
    let results = Locked([JobID: JobResult]())
    var pending: [GradingPlan.Job] = []
    for job in jobs {
      if useCache, let kept = cache?.load(key: job.cacheKey) {
        results.update { $0[job.id] = kept }
      } else {
        pending.append(job)
      }
    }
    let order = switch self.order {
    case .longestFirst(let durations): JobDurations.longestFirst(pending, expected: durations.load())
    case .asGiven: pending
    }
    SideBySide.run(order.count, width: Self.width) { index in
      let job = order[index]
      guard let sandbox = sandboxes[job.flavour] else { return }
      pause()
      let started = ContinuousClock.now
      var result = sandbox.runTests(
        job.program, libraries: job.libraries, filters: job.filters, repetitions: job.repetitions, seconds: job.seconds,
        crashesToName: job.crashesToName, waitsForEvents: job.waitsForEvents, mutant: job.mutant)
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
