import Foundation
import GradeBox
import GradeBuild
import GradeCatalog
import GradeJudge
import GradeProcesses
import GradeResults
import GradeRun

/// Grades lessons: plans a workspace, builds it, runs every job in a box, and evaluates every task.
public struct Grader: Sendable {
  /// The workbook whose canonical files and solutions the grader uses.
  public var workbook: Workbook
  /// Where workspaces, built variants and results live.
  public var state: StateFolder
  /// The limits on every run of a test binary.
  public var limits: BoxLimits
  /// Whether an unchanged lesson may be answered from its last result.
  public var useCache: Bool
  /// Runs the compiler and the boxes.
  public var spawner: Spawner
  /// What this machine lets the box do.
  public var isolation: Isolation
  /// Whether every task's tests run in a ThreadSanitizer build (`--sanitize thread`).
  public var threadSanitizer = false
  /// Whether the grades this grader gives count: in `grade class`, in `grade autograde`
  /// (both through `ClassGrader`) and in a released copy, which has no `Solutions/`.
  ///
  /// Its feedback on a test that fails on a correct version other than the solution then
  /// names the test and its place, and shows nothing the test computed there
  /// (`TestOutcome.withoutValues`): a value that differs between correct versions would
  /// tell them apart, and a student who saw it could assert it in the next submission.
  public var gradesCount = false
  /// Told about slow steps, such as compiling a lesson's variants the first time.
  public var progress: @Sendable (String) -> Void = { _ in }
  /// Called before each compile and each run: a background preparation waits there while the
  /// learner's own grading runs (`Preparation`).
  public var pause: @Sendable () -> Void = {}

  /// Creates a grader; `isolation` is probed when not given.
  public init(
    workbook: Workbook, state: StateFolder? = nil, limits: BoxLimits = BoxLimits(), useCache: Bool = true,
    spawner: Spawner = Spawner(), isolation: Isolation? = nil
  ) {
    let state = state ?? workbook.state
    self.workbook = workbook
    self.state = state
    self.limits = limits
    self.useCache = useCache
    self.spawner = spawner
    try? FileManager.default.createDirectory(at: state.root, withIntermediateDirectories: true)
    self.isolation = isolation ?? Isolation.probe(spawner: spawner, scratch: state.root, launcherFolder: state.shared)
    _ = Toolchain.version(spawner: spawner, rememberedIn: state.toolchain)
    if Self.tidyingDue(state) {
      StorePruner.prune(state.builds)
      StorePruner.prune(state.runnerBuilds)
      StorePruner.prune(state.variants)
      StorePruner.prune(state.jobs, limit: 5000, keep: 4000)
      // Run folders outlive their run only when a grading was stopped in the middle of it.
      RunFolders.pruneAll(under: state.workspaces, olderThan: TimeInterval(limits.seconds + 600))
      for folder in state.retired { try? FileManager.default.removeItem(at: folder) }
    }
  }

  /// How long a state stays tidy: the stores pruned to their size, and the run folders a
  /// stopped grading left removed once ten minutes old. Listing them at every grading's start
  /// took 7 ms of it (lesson 1's code edit graded in 0.279 s without, 0.286 s with).
  static let tidyingInterval: TimeInterval = 600

  /// Whether `state` was last tidied more than `tidyingInterval` before `now`, or at a time
  /// after it (a clock set back); when it was, the state is marked tidied at `now`.
  static func tidyingDue(_ state: StateFolder, now: Date = Date()) -> Bool {
    let manager = FileManager.default
    let last = (try? manager.attributesOfItem(atPath: state.tidied.path)[.modificationDate]) as? Date
    if let last, last <= now, now.timeIntervalSince(last) < tidyingInterval { return false }
    try? Data().write(to: state.tidied)
    try? manager.setAttributes([.modificationDate: now], ofItemAtPath: state.tidied.path)
    return true
  }

  /// How many processes share a flaky-test check's runs: one per core, so they run under load.
  static let repetitionShares = max(2, min(SideBySide.cores, 4))

  /// Everything about this grader that changes a result beside the lesson and the learner's files.
  var settings: GradingSettings {
    var settings = GradingSettings(
      limits: limits, namespaces: isolation.namespaces, codeHidden: isolation.codeHidden, toolchain: Toolchain.version(spawner: spawner),
      threadSanitizer: threadSanitizer, repetitionShares: Self.repetitionShares)
    settings.box = isolation.box
    return settings
  }

  /// Grades `lesson` with the owned files in `learnerFolder` (laid out like `Lessons/NN-slug`),
  /// in the workspace named `workspaceName` (one per learner, or per check).
  ///
  /// Plan, build, run, judge, and a second pass: the workspace plan says what to compile; the
  /// builds `FlavourChoice` names are made; the job list says which runs each task needs
  /// (`JobList`) and the executor runs them (`JobExecutor`); Judge reads the results by
  /// identity (`LessonEvaluator`); then the tasks ThreadSanitizer checks once they pass are built
  /// and run under it, and judged again.
  ///
  /// - Parameters:
  ///   - listAllCanonicalTests: Also run every canonical test once, so that
  ///     `grade check` can find tests that belong to no task.
  ///   - restoreCanonicalFiles: Grade with git's handed-out versions of canonical
  ///     files the learner edited (for a learner's own checkout).
  ///   - notStarted: Write-tests tasks whose files are the starter's (`StarterFingerprints`):
  ///     not started, without building their variants, which a learner's first grade of a
  ///     lesson would otherwise wait for. `grade check` proves every starter fails every task.
  ///   - bugs: The chaffs and mutants of write-tests tasks to run, `nil` for all: a check that
  ///     looks for one finding runs only the bugs that can give it (`Checker`). Correct versions
  ///     always run, since a test that fails on one stops a task's judging before its bugs.
  ///   - buildingNotStarted: Build the variants of the `notStarted` tasks all the same (not the
  ///     tests handed out, which the learner will change), without running anything against
  ///     them: a preparation builds what a later grade will need.
  ///   - only: The one task to grade, `nil` for all: every other task is neither built for nor
  ///     run, and reads as not started. `grade check` looks at one task's verdict on a fixture,
  ///     and the other tasks' runs (ThreadSanitizer's passes among them) would prove nothing.
  public func grade(
    _ lesson: Lesson, learnerFolder: URL, workspaceName: String = "learner", listAllCanonicalTests: Bool = false,
    restoreCanonicalFiles: Bool = false, notStarted: Set<Int> = [], bugs: Set<VariantID>? = nil, buildingNotStarted: Bool = false,
    only: Int? = nil
  ) -> LessonResult {
    let start = ContinuousClock.now
    func failed(_ message: String) -> LessonResult {
      LessonResult(
        lessonNumber: lesson.number,
        tasks: lesson.tasks.map { .one($0.number, check: .lessonGradable, [.infrastructure(.error(message))]) },
        lessonError: message, seconds: seconds(since: start))
    }

    let plan: WorkspacePlan
    do {
      let pristine = restoreCanonicalFiles ? PristineFiles.find(for: lesson, in: workbook, spawner: spawner) : .none
      plan = try WorkspacePlan(
        workbook: workbook, lesson: lesson, learnerFolder: learnerFolder, pristine: pristine,
        toolchain: Toolchain.version(spawner: spawner))
    } catch {
      return failed(error.message)
    }
    let settings = settings
    let cacheURL = state.result(workspaceName, of: lesson)
    let others = only.map { only in Set(lesson.tasks.map(\.number)).subtracting([only]) } ?? []
    let notStarted = notStarted.filter { number in
      lesson.tasks.contains { if case .writeTests = $0.kind { $0.number == number } else { false } }
    }.union(others)
    var key = CacheKey(grading: settings).adding("all-canonical-tests", "\(listAllCanonicalTests)").adding("lesson", String(reflecting: lesson))
      .adding("not-started", notStarted.sorted().map(String.init).joined(separator: ","))
      .adding("grades-count", "\(gradesCount)")
      .adding("bugs", bugs.map { $0.map { "\($0)" }.sorted().joined(separator: ",") } ?? "all")
    for (label, data) in plan.fingerprintInputs { key.add(label, contents: data) }
    let ignored = plan.pristine.edited
    if useCache, let cached = ResultCache.load(from: cacheURL, fingerprint: key.hash) {
      var result = cached
      result.fromCache = true
      result.ignoredEdits = ignored
      return result
    }

    let gradable = Set(lesson.tasks.filter { plan.variants[$0.number] != nil && plan.rejected[$0.number] == nil }.map(\.number))
    let testTasks = gradable.subtracting(notStarted)
    let builtTasks = buildingNotStarted ? gradable : testTasks
    let choice = FlavourChoice(lesson: lesson, everyTask: threadSanitizer, tested: testTasks, built: builtTasks)
    let workspaces = workspaces(of: plan, in: state.workspace(workspaceName, of: lesson))
    do {
      try workspaces[.plain]!.sync([.module, .canonicalTests, .misuses] + builtTasks.sorted().map { .task($0) })
    } catch {
      return failed(error.message)
    }
    trace("planned and synced", since: start)

    // Build: the builds `choice` says this grading needs, side by side.
    let builds = build(builtTasks, choice: choice, in: workspaces, variantsOnly: buildingNotStarted ? notStarted : [])
    trace("built", since: start)

    // Run: every job of the tasks graded now, each in its build's box.
    let graded = Set(lesson.tasks.map(\.number)).subtracting(notStarted)
    var ran = run(
      lesson, tasks: graded, choice: choice, builds: builds, workspaces: workspaces, listAllCanonicalTests: listAllCanonicalTests, bugs: bugs)
    trace("ran the jobs", since: start)

    // Judge: each task from the runs of the build that grades it.
    let evaluator = LessonEvaluator(gradesCount: gradesCount, hooks: settings.hooks)
    var verdicts = judge(lesson.tasks.filter { graded.contains($0.number) }, ran, by: evaluator)

    // The second pass: ThreadSanitizer checks the tasks it checks once they pass in the plain build.
    let passing = choice.sanitizedOncePassing.filter { verdicts[$0]?.status == .pass }
    if !passing.isEmpty {
      ran = runSanitized(lesson, passing, after: ran, choice: choice, workspaces: workspaces, bugs: bugs)
      verdicts.merge(judge(lesson.tasks.filter { passing.contains($0.number) }, ran, by: evaluator)) { $1 }
      trace("ran the sanitized pass", since: start)
    }

    var result = LessonResult(
      lessonNumber: lesson.number,
      tasks: lesson.tasks.map { task in
        verdicts[task.number] ?? .one(task.number, check: .started, [.notStarted])
      },
      seconds: seconds(since: start), canonicalTestIDs: (ran.results[.allCanonicalTests]?.tests ?? []).map(\.id))
    result.ignoredEdits = ignored
    // Kept only when every run may be: a run a limit or the machine cut short may come out
    // otherwise next time, as may a build that failed for the machine's reasons.
    let stable = ran.jobList.jobs.allSatisfy { job in ran.results[job.id].map { job.caches($0) } ?? true }
      && ran.builds.values.allSatisfy(\.failures.isEmpty)
    // An unstable result is still what the learner saw last (for hint, watch and the overview),
    // so it is stored, under a fingerprint no grading ever has, and never answered from.
    ResultCache.store(result, at: cacheURL, fingerprint: stable ? key.hash : ResultCache.seenOnly)
    return result
  }

  /// The workspaces of one grading in `root`, one per flavour of build.
  private func workspaces(of plan: WorkspacePlan, in root: URL) -> [JobList.Flavour: Workspace] {
    Dictionary(uniqueKeysWithValues: [JobList.Flavour.plain, .threadSanitizer].map { flavour in
      var workspace = workspace(root: root, plan: plan, threadSanitizer: flavour == .threadSanitizer, limits: limits)
      workspace.progress = progress
      workspace.pause = pause
      return (flavour, workspace)
    })
  }

  /// A workspace at `root` for `plan`: its compiler and its box, plain or ThreadSanitizer's, under `limits`.
  func workspace(root: URL, plan: WorkspacePlan, threadSanitizer: Bool, limits: BoxLimits) -> Workspace {
    Workspace(
      root: root, plan: plan,
      compiler: Compiler(spawner: spawner, state: state, threadSanitizer: threadSanitizer),
      box: Box(
        limits: limits, isolation: isolation, spawner: spawner, scratchParent: RunFolders.parent(in: root),
        threadSanitizer: threadSanitizer),
      state: state)
  }

  /// Builds `tasks` (the module and canonical tests always) in each flavour `choice` needs, side by side.
  private func build(
    _ tasks: Set<Int>, choice: FlavourChoice, in workspaces: [JobList.Flavour: Workspace], variantsOnly: Set<Int>
  ) -> [JobList.Flavour: Workspace.Built] {
    let flavours = choice.flavoursBuilt
    let made = Locked([JobList.Flavour: Workspace.Built]())
    SideBySide.run(flavours.count, width: flavours.count) { index in
      let flavour = flavours[index]
      let built = workspaces[flavour]!.build(tasks: choice.tasks(tasks, builtIn: flavour).sorted(), variantsOnly: variantsOnly)
      made.update { $0[flavour] = built }
    }
    return made.value
  }

  /// What a grading ran: its job list and every job's result, the builds they ran from, and the
  /// build whose runs grade each task.
  private struct Ran {
    var jobList: JobList
    var results: [JobID: JobResult]
    var builds: [JobList.Flavour: Workspace.Built]
    var gradedIn: [Int: JobList.Flavour]
  }

  /// Plans and runs the jobs of `tasks`, each in the build `choice` gives it.
  private func run(
    _ lesson: Lesson, tasks: Set<Int>, choice: FlavourChoice, builds: [JobList.Flavour: Workspace.Built],
    workspaces: [JobList.Flavour: Workspace], listAllCanonicalTests: Bool, bugs: Set<VariantID>?
  ) -> Ran {
    var ran = Ran(jobList: JobList(jobs: []), results: [:], builds: builds, gradedIn: [:])
    ran.jobList.jobs = JobList.jobs(
      for: lesson, tasks: tasks.subtracting(choice.testedSanitized), built: builds[.plain]!, flavour: .plain, settings: settings,
      allCanonicalTests: listAllCanonicalTests, bugs: bugs)
    if let checked = builds[.threadSanitizer] {
      ran.jobList.jobs += JobList.jobs(
        for: lesson, tasks: choice.testedSanitized, built: checked, flavour: .threadSanitizer, settings: settings, bugs: bugs)
    }
    ran.results = executor(for: workspaces).run(ran.jobList.jobs)
    for task in lesson.tasks { ran.gradedIn[task.number] = choice.flavour(of: task.number) }
    return ran
  }

  /// `ran` once `passing` are built under ThreadSanitizer and their tests run there: the tasks
  /// it checks only once they pass in the plain build.
  private func runSanitized(
    _ lesson: Lesson, _ passing: Set<Int>, after ran: Ran, choice: FlavourChoice, workspaces: [JobList.Flavour: Workspace],
    bugs: Set<VariantID>?
  ) -> Ran {
    var ran = ran
    let checked = workspaces[.threadSanitizer]!.build(tasks: choice.testedSanitized.sorted())
    ran.builds[.threadSanitizer] = checked
    let again = JobList.jobs(for: lesson, tasks: passing, built: checked, flavour: .threadSanitizer, settings: settings, bugs: bugs)
    ran.jobList.jobs += again
    ran.results.merge(executor(for: workspaces).run(again)) { $1 }
    for task in passing { ran.gradedIn[task] = .threadSanitizer }
    return ran
  }

  /// The executor of a grading's jobs: the job cache, and the longest jobs first.
  private func executor(for workspaces: [JobList.Flavour: Workspace]) -> JobExecutor {
    let durations = JobDurations(in: workspaces[.plain]!.root)
    var executor = JobExecutor(
      workspaces: workspaces, cache: JobCache(folder: state.jobs), useCache: useCache, order: .longestFirst(durations))
    executor.pause = pause
    return executor
  }

  /// The verdict of each of `tasks`, from the runs of the build that grades it.
  private func judge(_ tasks: [LessonTask], _ ran: Ran, by evaluator: LessonEvaluator) -> [Int: TaskResult] {
    Dictionary(uniqueKeysWithValues: tasks.map { task in
      let built = ran.builds[ran.gradedIn[task.number] ?? .plain] ?? ran.builds[.plain]!
      return (task.number, evaluator.evaluate(task, built: built, results: ran.results))
    })
  }
}
