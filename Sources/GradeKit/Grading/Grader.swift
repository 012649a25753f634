import Foundation
import GradeCatalog

/// Grades lessons: plans a sandbox, builds it, runs every job in a box, and evaluates every task.
public struct Grader: Sendable {
  /// The workbook whose canonical files and solutions the grader uses.
  public var workbook: Workbook
  /// Where sandboxes, built variants and results live.
  public var state: StateFolder
  /// The limits on every run of a test binary.
  public var limits: BoxLimits
  /// Whether an unchanged lesson may be answered from its last result.
  public var useCache: Bool
  /// Runs the compiler and the boxes.
  public var runner: ProcessRunner
  /// What this machine lets the box do.
  public var isolation: Isolation
  /// Whether every task's tests run in a ThreadSanitizer build (`--sanitize thread`).
  public var threadSanitizer = false
  /// Told about slow steps, such as compiling a lesson's variants the first time.
  public var progress: @Sendable (String) -> Void = { _ in }
  /// Called before each compile and each run: a background preparation waits there while the
  /// learner's own grading runs (`Preparation`).
  public var pause: @Sendable () -> Void = {}

  /// What a stored result was made by: a format number, bumped when a change to the grader changes
  /// what a result means, and the grader program itself, so that a rebuilt grader never reads a
  /// result an older one stored.
  static let resultFormat = "grade-results-\(StoredFormat.version) " + programIdentity

  /// The running program's path, size and modification time.
  static let programIdentity: String = {
    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath ?? ""
    let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
    return "\(path) \(size) \(modified)"
  }()

  /// Creates a grader; `isolation` is probed when not given.
  public init(
    workbook: Workbook, state: StateFolder? = nil, limits: BoxLimits = BoxLimits(), useCache: Bool = true,
    runner: ProcessRunner = ProcessRunner(), isolation: Isolation? = nil
  ) {
    let state = state ?? workbook.state
    self.workbook = workbook
    self.state = state
    self.limits = limits
    self.useCache = useCache
    self.runner = runner
    try? FileManager.default.createDirectory(at: state.root, withIntermediateDirectories: true)
    self.isolation = isolation ?? Isolation.probe(runner: runner, scratch: state.root)
    _ = Toolchain.version(runner: runner, rememberedIn: state.toolchain)
    StorePruner.prune(state.builds)
    StorePruner.prune(state.variants)
    StorePruner.prune(state.jobs, limit: 5000, keep: 4000)
    // Run folders outlive their run only when a grading was stopped in the middle of it.
    RunFolders.pruneAll(under: state.root.appending(path: "sandboxes"), olderThan: TimeInterval(limits.seconds + 600))
  }

  /// How many processes share a flaky-test check's runs: one per core, so they run under load.
  static let repetitionShares = max(2, min(ProcessInfo.processInfo.activeProcessorCount, 4))

  /// Everything about this grader that changes a result beside the lesson and the learner's files.
  var settings: GradingSettings {
    GradingSettings(
      limits: limits, namespaces: isolation.namespaces, codeHidden: isolation.codeHidden, toolchain: Toolchain.version(runner: runner),
      threadSanitizer: threadSanitizer, repetitionShares: Self.repetitionShares)
  }

  /// Grades `lesson` with the owned files in `learnerFolder` (laid out like `Lessons/NN-slug`),
  /// in the sandbox named `sandboxName` (one per learner, or per check).
  ///
  /// Plan, build, run, evaluate: the sandbox plan says what to compile; the builds are made;
  /// the grading plan says which runs each task needs (`GradingPlan`); the executor runs them
  /// (`JobExecutor`); the evaluator reads the results by identity (`LessonEvaluator`).
  ///
  /// - Parameters:
  ///   - listAllCanonicalTests: Also run every canonical test once, so that
  ///     `grade check` can find tests that belong to no task.
  ///   - restoreCanonicalFiles: Grade with git's handed-out versions of canonical
  ///     files the learner edited (for a learner's own checkout).
  ///   - notStarted: Write-tests tasks whose files are the starter's (`StarterFingerprints`):
  ///     not started, without building their variants, which a learner's first grade of a
  ///     lesson would otherwise wait for. `grade check` proves every starter fails every task.
  ///   - buildingNotStarted: Build the variants of the `notStarted` tasks all the same (not the
  ///     tests handed out, which the learner will change), without running anything against
  ///     them: a preparation builds what a later grade will need.
  public func grade(
    _ lesson: Lesson, learnerFolder: URL, sandboxName: String = "learner", listAllCanonicalTests: Bool = false,
    restoreCanonicalFiles: Bool = false, notStarted: Set<Int> = [], buildingNotStarted: Bool = false
  ) -> LessonResult {
    let start = ContinuousClock.now
    func failed(_ message: String) -> LessonResult {
      LessonResult(
        lessonNumber: lesson.number,
        tasks: lesson.tasks.map { .one($0.number, check: "the lesson can be graded", [.infrastructure(message)]) },
        lessonError: message, seconds: seconds(since: start))
    }

    let plan: SandboxPlan
    do {
      let pristine = restoreCanonicalFiles ? PristineFiles.find(for: lesson, in: workbook, runner: runner) : .none
      plan = try SandboxPlan(
        workbook: workbook, lesson: lesson, learnerFolder: learnerFolder, pristine: pristine,
        toolchain: Toolchain.version(runner: runner))
    } catch {
      return failed(error.message)
    }
    let settings = settings
    let cacheURL = state.result(sandboxName, of: lesson)
    let notStarted = notStarted.filter { number in
      lesson.tasks.contains { if case .writeTests = $0.kind { $0.number == number } else { false } }
    }
    var key = CacheKey(grading: settings).adding("all-canonical-tests", "\(listAllCanonicalTests)").adding("lesson", String(reflecting: lesson))
      .adding("not-started", notStarted.sorted().map(String.init).joined(separator: ","))
    for (label, data) in plan.fingerprintInputs { key.add(label, contents: data) }
    let ignored = plan.pristine.edited
    if useCache, let cached = ResultCache.load(from: cacheURL, fingerprint: key.hash) {
      var result = cached
      result.fromCache = true
      result.ignoredEdits = ignored
      return result
    }

    // Which build grades which task: a ThreadSanitizer build for the tasks the catalog marks
    // (or every task with --sanitize thread). An implement task so marked runs its tests in the
    // plain build first and in the ThreadSanitizer build only once they pass there: until
    // then the failures are the feedback, and a TSan build, with a slow process per crash to
    // name, would only add to every save.
    let gradable = Set(lesson.tasks.filter { plan.variants[$0.number] != nil && plan.rejected[$0.number] == nil }.map(\.number))
    let testTasks = gradable.subtracting(notStarted)
    let builtTasks = buildingNotStarted ? gradable : testTasks
    // A compiler-graded task runs tests only when it has stress tests; those are treated as an
    // implement task's.
    let sanitized = Set(lesson.tasks.filter { task in
      if case .compiles(let spec) = task.kind, spec.stress.isEmpty { return false }
      return threadSanitizer || task.threadSanitizer
    }.map(\.number))
    let sanitizedTests = sanitized.intersection(testTasks)
    let sanitizedBuilt = sanitized.intersection(builtTasks)
    let sanitizedImplement = sanitized.filter { number in
      !(lesson.tasks.first { $0.number == number }?.canonicalTestNames.isEmpty ?? true)
    }
    let root = state.sandbox(sandboxName, of: lesson)
    let sandboxes = Dictionary(uniqueKeysWithValues: [GradingPlan.Flavour.plain, .threadSanitizer].map { flavour in
      var sandbox = Sandbox(
        root: root, plan: plan,
        compiler: Compiler(runner: runner, moduleCache: state.moduleCache, threadSanitizer: flavour == .threadSanitizer, store: state.builds),
        box: Box(
          limits: limits, isolation: isolation, runner: runner, scratchParent: root.appending(path: "runs"),
          threadSanitizer: flavour == .threadSanitizer),
        state: state)
      sandbox.progress = progress
      sandbox.pause = pause
      return (flavour, sandbox)
    })
    do {
      try sandboxes[.plain]!.sync([.module, .canonicalTests, .misuses] + builtTasks.sorted().map { .task($0) })
    } catch {
      return failed(error.message)
    }
    trace("planned and synced", since: start)

    // The plain build and, for write-tests tasks that run under ThreadSanitizer, its build, side by side.
    let flavours: [GradingPlan.Flavour] = sanitizedBuilt.isEmpty ? [.plain] : [.plain, .threadSanitizer]
    let made = Locked([GradingPlan.Flavour: Sandbox.Built]())
    DispatchQueue.concurrentPerform(iterations: flavours.count) { index in
      let flavour = flavours[index]
      let tasks = builtTasks.filter { sanitizedBuilt.contains($0) == (flavour == .threadSanitizer) }
      let built = sandboxes[flavour]!.build(tasks: tasks.sorted(), variantsOnly: buildingNotStarted ? notStarted : [])
      made.update { $0[flavour] = built }
    }
    var builds = made.value
    trace("built", since: start)

    let allTasks = Set(lesson.tasks.map(\.number)).subtracting(notStarted)
    var jobs = GradingPlan.jobs(
      for: lesson, tasks: allTasks.subtracting(sanitizedTests), built: builds[.plain]!, flavour: .plain, settings: settings,
      allCanonicalTests: listAllCanonicalTests)
    if let checked = builds[.threadSanitizer] {
      jobs += GradingPlan.jobs(for: lesson, tasks: sanitizedTests, built: checked, flavour: .threadSanitizer, settings: settings)
    }
    var executor = JobExecutor(sandboxes: sandboxes, cache: JobCache(folder: state.jobs), useCache: useCache)
    executor.pause = pause
    var results = executor.run(jobs)
    let evaluator = LessonEvaluator(plan: plan, limits: limits)
    var gradedIn = Dictionary(uniqueKeysWithValues: lesson.tasks.map { ($0.number, sanitizedTests.contains($0.number) ? GradingPlan.Flavour.threadSanitizer : .plain) })

    let passedPlain = Set(lesson.tasks.filter { sanitizedImplement.contains($0.number) }.filter { task in
      evaluator.evaluate(task, built: builds[.plain]!, results: results).status == .pass
    }.map(\.number))
    if !passedPlain.isEmpty {
      let checked = sandboxes[.threadSanitizer]!.build(tasks: sanitizedTests.sorted())
      builds[.threadSanitizer] = checked
      let again = GradingPlan.jobs(for: lesson, tasks: passedPlain, built: checked, flavour: .threadSanitizer, settings: settings)
      jobs += again
      results.merge(executor.run(again)) { $1 }
      for task in passedPlain { gradedIn[task] = .threadSanitizer }
    }
    trace("ran the jobs", since: start)

    var result = LessonResult(
      lessonNumber: lesson.number,
      tasks: lesson.tasks.map { task in
        notStarted.contains(task.number)
          ? .one(task.number, check: "your files differ from the starter", [.notStarted])
          : evaluator.evaluate(task, built: builds[gradedIn[task.number]!] ?? builds[.plain]!, results: results)
      },
      seconds: seconds(since: start), canonicalTestIDs: (results[.allCanonicalTests]?.tests ?? []).map(\.id))
    result.ignoredEdits = ignored
    // Kept only when every run may be: a run a limit or the machine cut short may come out
    // otherwise next time, as may a build that failed for the machine's reasons.
    let stable = jobs.allSatisfy { job in results[job.id].map { job.keeps($0) } ?? true }
      && builds.values.allSatisfy(\.failures.isEmpty)
    // An unstable result is still what the learner saw last (for hint, watch and the overview),
    // so it is stored, under a fingerprint no grading ever has, and never answered from.
    ResultCache.store(result, at: cacheURL, fingerprint: stable ? key.hash : ResultCache.seenOnly)
    return result
  }
}

/// Prints how long a phase took when `GRADE_TRACE=1`, for finding where time goes.
func trace(_ phase: String, since start: ContinuousClock.Instant) {
  guard ProcessInfo.processInfo.environment["GRADE_TRACE"] == "1" else { return }
  FileHandle.standardError.write(Data(String(format: "grade: %6.3f s  %@\n", seconds(since: start), phase).utf8))
}

func seconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
