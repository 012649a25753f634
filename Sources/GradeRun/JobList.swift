import Foundation
import GradeBuild
import GradeCatalog
import GradeMutants
import GradeResults

/// The runs one lesson's grading makes, each with everything its result depends on.
///
/// Made from what was built, without running anything: which program runs which
/// tests against which library, how many times, under which limit, and the key
/// its result is stored under. Unit tests check the list as data; `JobExecutor`
/// runs it; `LessonEvaluator` reads the results by each job's identity.
package struct JobList: Sendable {
  /// Which build a job's program comes from.
  package enum Flavour: String, Hashable, Sendable {
    /// The ordinary build.
    case plain
    /// The ThreadSanitizer build, where a data race fails the tests.
    case threadSanitizer
  }

  /// One run of a test program.
  package struct Job: Sendable, Equatable {
    /// What the job is.
    package var id: JobID
    /// The build its program comes from.
    var flavour: Flavour
    /// The program: the canonical runner, or a variant's.
    var program: URL
    /// The libraries the program loads: the tests, and for canonical tests the learner's module.
    var libraries: [URL]
    /// Patterns of the test IDs to run; all when empty.
    var filters: [String] = []
    /// How many times the tests run in the one process.
    var repetitions = 1
    /// The time limit of each run, in seconds.
    var seconds: Int
    /// How many crashes a job names before it stops (each costs a run of its own).
    var crashesToName = Int.max
    /// Whether a test that waits for real time to pass records an issue.
    var waitsForEvents = false
    /// The mutant the program switches on (`MutantSchema`): 0 for the code as it is.
    var mutant = 0
    /// Whether the code under test's events come late (`RunOrders.lateEvents`).
    var lateEvents = false
    /// Whether the job waits for its task's solution: it runs only when the tests ran to their
    /// end on the solution (tests that hang there would hang on every variant, a limit each).
    var waitsForSolution = false
    /// The key its result is stored under.
    var cacheKey: CacheKey

    /// Whether `result` may be cached for the next grading: what a limit or the machine cut
    /// short may come out otherwise, except a hang on a variant once the tests ran to their
    /// end on the solution, which is the tests' own.
    package func caches(_ result: JobResult) -> Bool {
      result.ending.cacheable || (waitsForSolution && result.ending == .timedOut)
    }
  }

  /// Every job, in no particular order: those of the plain build and ThreadSanitizer's, then
  /// those of the tasks checked again under ThreadSanitizer once they pass (`FlavourChoice`).
  package var jobs: [Job]

  /// Creates a list of `jobs`.
  package init(jobs: [Job]) {
    self.jobs = jobs
  }

  /// How many crashes an implement task's job names before it stops: as many failing tests as
  /// a result names (`TaskResult.failuresNamed`). A learner's half-written stub crashes in every
  /// test, and each crash named costs a run of its own. Other jobs name every crash: a
  /// learner's test that crashes on a chaff may sit beside one whose issues count.
  static let crashesNamedPerImplementTask = TaskResult.failuresNamed

  /// The job that runs the tests `runs` times in one process against `variant`'s `program`, as
  /// share `share` of its runs: a soak's and `grade mutants`'. Each run has the task's own limit
  /// of `seconds`, so the runs together have that many times it; nothing is kept between runs.
  /// With `filters`, only the tests whose IDs match them run.
  package static func repeatedRuns(
    of variant: VariantID, share: Int, runs: Int, program: URL, tests: URL, flavour: Flavour, seconds: Int, waitsForEvents: Bool,
    filters: [String] = []
  ) -> Job {
    Job(
      id: .repeated(variant, share: share), flavour: flavour, program: program, libraries: [tests], filters: filters,
      repetitions: runs, seconds: seconds * runs, waitsForEvents: waitsForEvents, mutant: variant.switchNumber, cacheKey: CacheKey())
  }

  /// How many runs each of `shares` processes makes so that together they make at least `flakiness.runs`.
  static func repetitions(of flakiness: LessonTask.Flakiness, shares: Int) -> Int {
    (flakiness.runs + shares - 1) / shares
  }

  /// Plans the jobs of `tasks` in the build `built` of `flavour`: each implement task's
  /// canonical tests, and each write-tests task's tests against every variant (and again
  /// and again against the solution, when the task checks for tests that pass by luck).
  ///
  /// - Parameters:
  ///   - tasks: The tasks graded in this build.
  ///   - allCanonicalTests: Also run every canonical test once, for `grade check`.
  ///   - bugs: The chaffs and mutants to run; `nil` for every one. Correct versions always run.
  package static func jobs(
    for lesson: Lesson, tasks: Set<Int>, built: Workspace.Built, flavour: Flavour, settings: GradingSettings,
    allCanonicalTests: Bool = false, bugs: Set<VariantID>? = nil
  ) -> [Job] {
    let base = CacheKey(grading: settings).adding("flavour", flavour.rawValue)
    func key(_ program: URL, _ libraries: [URL]) -> CacheKey {
      // Programs and libraries live in folders named by what they were built from, so the
      // folder names stand for everything they hold: learners who hand in the same files share a key.
      var key = base.adding("program", program.deletingLastPathComponent().lastPathComponent)
      for library in libraries { key.add("library", library.deletingLastPathComponent().lastPathComponent) }
      return key
    }
    func limit(_ task: LessonTask?) -> Int { settings.limits.seconds(for: task) }
    func finished(_ job: Job) -> Job {
      var job = job
      job.cacheKey.add("job", "\(job.id)")
      job.cacheKey.add("repetitions", "\(job.repetitions)")
      job.cacheKey.add("crashes", "\(job.crashesToName)")
      job.cacheKey.add("seconds", "\(job.seconds)")
      job.cacheKey.add("events", "\(job.waitsForEvents)")
      job.cacheKey.add("mutant", "\(job.mutant)")
      job.cacheKey.add("late", "\(job.lateEvents)")
      for filter in job.filters { job.cacheKey.add("filter", filter) }
      return job
    }

    var jobs: [Job] = []
    if built.usable(.canonicalTests), let runner = built.runner, let tests = built.testsLibrary(.canonicalTests),
      let module = built.moduleFolder?.appending(path: Compiler.libraryName(lesson.module))
    {
      let libraries = [tests, module]
      for task in lesson.tasks where tasks.contains(task.number) {
        // A task whose files stand as handed out (they did not compile, or were refused) runs nothing.
        // An implement task's tests, or a compiler-graded task's stress tests.
        let names = task.canonicalTestNames
        guard !names.isEmpty, built.substitutes.isDisjoint(with: task.sourceNames) else { continue }
        jobs.append(finished(Job(
          id: .implement(task: task.number), flavour: flavour, program: runner, libraries: libraries,
          filters: names.map { Workspace.filter(module: lesson.testModule, name: $0) }, seconds: limit(task),
          crashesToName: crashesNamedPerImplementTask, cacheKey: key(runner, libraries))))
      }
      if allCanonicalTests {
        jobs.append(finished(Job(
          id: .allCanonicalTests, flavour: flavour, program: runner, libraries: libraries, seconds: settings.limits.seconds,
          cacheKey: key(runner, libraries))))
      }
    }
    for task in lesson.tasks where tasks.contains(task.number) {
      guard case .writeTests(let spec) = task.kind, built.usable(.task(task.number)),
        let tests = built.testsLibrary(.task(task.number))
      else { continue }
      for variant in spec.variants(of: task.number) + built.mutants(of: task.number) {
        guard variant.isCorrect || bugs?.contains(variant) != false, let program = built.program(for: variant) else { continue }
        let isSolution = variant == .solution(of: task.number)
        jobs.append(finished(Job(
          id: .variant(variant), flavour: flavour, program: program, libraries: [tests], seconds: limit(task),
          waitsForEvents: spec.waitsForEvents, mutant: variant.switchNumber, waitsForSolution: !isSolution,
          cacheKey: key(program, [tests]))))
      }
      // Tests that must wait for events run once more on the solution with its events late, by
      // machine: only a test that waits for the events themselves passes there. A runner
      // without the hooks for it cannot hold them back (`RunnerHooks`).
      if spec.waitsForEvents, settings.hooks.watchesWaits, let program = built.program(for: .solution(of: task.number)) {
        jobs.append(finished(Job(
          id: .lateEvents(task: task.number), flavour: flavour, program: program, libraries: [tests], seconds: limit(task),
          waitsForEvents: true, lateEvents: true, waitsForSolution: true, cacheKey: key(program, [tests]))))
      }
      if let flakiness = spec.flakiness, let program = built.program(for: .solution(of: task.number)) {
        let repetitions = repetitions(of: flakiness, shares: settings.repetitionShares)
        for share in 0..<settings.repetitionShares {
          jobs.append(finished(Job(
            id: .repeated(.solution(of: task.number), share: share), flavour: flavour, program: program, libraries: [tests],
            repetitions: repetitions, seconds: limit(task), waitsForEvents: spec.waitsForEvents, waitsForSolution: true,
            cacheKey: key(program, [tests]))))
        }
      }
    }
    return jobs
  }
}
