import Foundation

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

  /// What a stored result was made by: a format number, bumped when a change to the grader changes
  /// what a result means, and the grader program itself, so that a rebuilt grader never reads a
  /// result an older one stored.
  static let resultFormat = "grade-results-7 " + programIdentity

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
    StorePruner.prune(state.jobs, limit: 5000, keep: 4000)
    // Run folders outlive their run only when a grading was stopped in the middle of it.
    RunFolders.pruneAll(under: state.root.appending(path: "sandboxes"), olderThan: TimeInterval(limits.seconds + 600))
  }

  /// One run of a test binary that a lesson's grading needs.
  enum Job: Hashable, Sendable {
    /// The canonical tests of an implement task, against the learner's module.
    case implement(task: Int)
    /// Every canonical test, so `grade check` can find tests that belong to no task.
    case allCanonicalTests
    /// A write-tests task's tests against one of its variants (0 is the wheat).
    case variant(task: Int, index: Int)
    /// One share of the runs that catch flaky tests: the wheat, its tests repeated,
    /// every share at once so that the runs happen under load.
    case repeatedWheat(task: Int, share: Int)

    /// The job's name in the job cache: the grader's own, never shown to a test.
    var name: String {
      switch self {
      case .implement(let task): "implement-\(task)"
      case .allCanonicalTests: "all-canonical-tests"
      case .variant(let task, let index): "task-\(task)-variant-\(index)"
      case .repeatedWheat(let task, let share): "task-\(task)-repeated-\(share)"
      }
    }
  }

  /// Grades `lesson` with the owned files in `learnerFolder` (laid out like `Lessons/NN-slug`),
  /// in the sandbox named `sandboxName` (one per learner, or per check).
  ///
  /// - Parameter listAllCanonicalTests: Also run every canonical test once, so that
  ///   `grade check` can find tests that belong to no task.
  ///   - restoreCanonicalFiles: Grade with git's handed-out versions of canonical
  ///     files the learner edited (for a learner's own checkout).
  public func grade(
    _ lesson: Lesson, learnerFolder: URL, sandboxName: String = "learner", listAllCanonicalTests: Bool = false,
    restoreCanonicalFiles: Bool = false
  ) -> LessonResult {
    let start = ContinuousClock.now
    func failed(_ message: String) -> LessonResult {
      LessonResult(
        lessonNumber: lesson.number,
        tasks: lesson.tasks.map { TaskResult(taskNumber: $0.number, status: .error, findings: [.infrastructure(message)]) },
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
    let root = state.sandbox(sandboxName, of: lesson)
    func sandbox(sanitized: Bool) -> Sandbox {
      var sandbox = Sandbox(
        root: root, plan: plan,
        compiler: Compiler(runner: runner, moduleCache: state.moduleCache, threadSanitizer: sanitized, store: state.builds),
        box: Box(limits: limits, isolation: isolation, runner: runner, scratchParent: root.appending(path: "runs"), threadSanitizer: sanitized),
        state: state)
      sandbox.progress = progress
      return sandbox
    }
    let cacheURL = state.result(sandboxName, of: lesson)
    let fingerprint = Fingerprint.of(plan.fingerprintInputs, settings: [
      Self.resultFormat, limits.summary, "all=\(listAllCanonicalTests)", String(reflecting: lesson),
      Toolchain.version(runner: runner), "namespaces=\(isolation.namespaces)", "tsan=\(threadSanitizer)",
    ])
    let ignored = plan.pristine.edited
    if useCache, let cached = ResultCache.load(from: cacheURL, fingerprint: fingerprint) {
      var result = cached
      result.fromCache = true
      result.ignoredEdits = ignored
      return result
    }

    let testTasks = lesson.tasks.filter { plan.variants[$0.number] != nil && plan.rejected[$0.number] == nil }.map(\.number)
    // Tasks whose tests run in a ThreadSanitizer build: the ones the catalog marks, or all with --sanitize thread.
    let sanitized = Set(lesson.tasks.filter { task in
      if case .compiles = task.kind { return false }
      return threadSanitizer || task.threadSanitizer
    }.map(\.number))
    let plain = sandbox(sanitized: false)
    let checked = sandbox(sanitized: true)
    do {
      try plain.sync([.module, .canonicalTests, .misuses] + testTasks.map { .task($0) })
    } catch {
      return failed(error.message)
    }
    trace("planned and synced", since: start)
    // An implement task marked for ThreadSanitizer runs its tests in the plain build first, and
    // in a TSan build only once they pass there: until then the failures are the feedback, and
    // a TSan build, with a slow process per crash to name, would only add to every save.
    let sanitizedImplement = sanitized.filter { number in
      if case .implement? = lesson.tasks.first(where: { $0.number == number })?.kind { true } else { false }
    }
    let sanitizedTests = sanitized.subtracting(sanitizedImplement)
    // The plain build and the ThreadSanitizer build of write-tests tasks, then their jobs, side by side.
    let both = sanitizedTests.isEmpty ? [plain] : [plain, checked]
    let builds = LockedBox([Int: Sandbox.Built]())
    DispatchQueue.concurrentPerform(iterations: both.count) { index in
      let tasks = testTasks.filter { sanitizedTests.contains($0) == (index == 1) }
      let made = both[index].build(tasks: tasks)
      builds.update { $0[index] = made }
    }
    let built = builds.value[0]!
    let builtForTests = builds.value[1] ?? built
    trace("built", since: start)
    let ran = LockedBox([Job: JobResult]())
    DispatchQueue.concurrentPerform(iterations: both.count) { index in
      let jobs = index == 0
        ? plannedJobs(
          lesson, built: built, testTasks: testTasks.filter { !sanitizedTests.contains($0) }, except: sanitizedTests,
          listAllCanonicalTests: listAllCanonicalTests)
        : plannedJobs(
          lesson, built: builtForTests, testTasks: testTasks.filter { sanitizedTests.contains($0) },
          except: Set(lesson.tasks.map(\.number)).subtracting(sanitizedTests), listAllCanonicalTests: false)
      let results = runInTwoPhases(jobs, in: both[index], built: index == 0 ? built : builtForTests)
      ran.update { $0.merge(results) { $1 } }
    }
    var results = ran.value
    let passedPlain = lesson.tasks.filter { task in
      guard sanitizedImplement.contains(task.number), case .implement(let names) = task.kind,
        let job = results[.implement(task: task.number)] else { return false }
      return TaskEvaluator.implement(task, testNames: names, job: job, seconds: limits.seconds).status == .pass
    }.map(\.number)
    var checkedTasks = sanitizedTests
    var builtChecked = builtForTests
    if !passedPlain.isEmpty {
      builtChecked = checked.build(tasks: Array(sanitizedTests))
      let jobs = plannedJobs(
        lesson, built: builtChecked, testTasks: [], except: Set(lesson.tasks.map(\.number)).subtracting(passedPlain),
        listAllCanonicalTests: false)
      results.merge(runInTwoPhases(jobs, in: checked, built: builtChecked)) { $1 }
      checkedTasks.formUnion(passedPlain)
    }
    trace("ran the jobs", since: start)
    let taskResults = lesson.tasks.map {
      evaluate($0, plan: plan, built: checkedTasks.contains($0.number) ? builtChecked : built, jobs: results)
    }

    var result = LessonResult(
      lessonNumber: lesson.number, tasks: taskResults, seconds: seconds(since: start),
      canonicalTestIDs: (results[.allCanonicalTests]?.tests ?? []).map(\.id))
    result.ignoredEdits = ignored
    // A result that hung on a time limit or on the machine may come out differently next time.
    // A hang on a chaff whose wheat ran to its end is the tests' own, and kept like any result.
    let keptHang: (Job, JobResult) -> Bool = { job, result in
      guard case .variant(let task, let index) = job, index > 0 else { return false }
      return results[.variant(task: task, index: 0)].map { !$0.timedOut } ?? false
    }
    let stable = !results.contains { job, result in
      !result.ending.cacheable && !(result.timedOut && keptHang(job, result))
    } && built.failures.isEmpty && builtChecked.failures.isEmpty
    if stable { ResultCache.store(result, at: cacheURL, fingerprint: fingerprint) }
    return result
  }

  /// The test runs a lesson needs: one per implement task, one per variant, leaving out what did not build.
  private func plannedJobs(
    _ lesson: Lesson, built: Sandbox.Built, testTasks: [Int], except excluded: Set<Int>, listAllCanonicalTests: Bool
  ) -> [Job] {
    var jobs: [Job] = []
    if built.usable(.canonicalTests) {
      for task in lesson.tasks where !excluded.contains(task.number) {
        // A task whose files stand as handed out (they did not compile, or were refused) runs nothing.
        let ownNames = Set(task.files.filter { $0.hasPrefix("Sources/") }.map { String($0.dropFirst("Sources/".count)) })
        guard built.substitutes.isDisjoint(with: ownNames) else { continue }
        if case .implement(let names) = task.kind, !names.isEmpty { jobs.append(.implement(task: task.number)) }
      }
      if listAllCanonicalTests { jobs.append(.allCanonicalTests) }
    }
    for task in testTasks where built.usable(.task(task)) {
      for index in (built.variantFolders[task] ?? []).indices { jobs.append(.variant(task: task, index: index)) }
      if case .writeTests(let spec)? = lesson.tasks.first(where: { $0.number == task })?.kind, spec.flakiness != nil {
        for share in 0..<Self.repetitionShares { jobs.append(.repeatedWheat(task: task, share: share)) }
      }
    }
    return jobs
  }

  /// Runs the implement tasks' jobs and each write-tests task's wheat first, then the rest of a
  /// task's variants only when its tests did not hang or flood on the wheat: such tests would
  /// only hang again on every chaff, a time limit each, and the task fails on the wheat anyway.
  private func runInTwoPhases(_ jobs: [Job], in sandbox: Sandbox, built: Sandbox.Built) -> [Job: JobResult] {
    let first = jobs.filter { job in
      switch job {
      case .variant(_, let index): index == 0
      case .repeatedWheat: false
      default: true
      }
    }
    var results = runJobs(first, in: sandbox, built: built)
    let stuck = Set(results.compactMap { job, result -> Int? in
      guard case .variant(let task, 0) = job, result.ending == .timedOut || result.ending == .flooded else { return nil }
      return task
    })
    let rest = jobs.filter { job in
      switch job {
      case .variant(let task, let index): index > 0 && !stuck.contains(task)
      case .repeatedWheat(let task, _): !stuck.contains(task)
      default: false
      }
    }
    // The wheat ran to its end, so a chaff these tests hang on hangs them for what it does, not for
    // the machine's load: that result is kept, and the next grading does not wait out the limit again.
    results.merge(runJobs(rest, in: sandbox, built: built, keepingHangs: true)) { $1 }
    return results
  }

  /// The time limit of each run of `job`: the task's own when the catalog gives a shorter one.
  private func timeLimit(of job: Job, in lesson: Lesson) -> Int {
    let number: Int? = switch job {
    case .implement(let task), .variant(let task, _), .repeatedWheat(let task, _): task
    case .allCanonicalTests: nil
    }
    let task = lesson.tasks.first { $0.number == number }
    return min(task?.timeLimitSeconds ?? limits.seconds, limits.seconds)
  }

  /// How many crashes an implement task's job names before it stops: the feedback shows three
  /// failing tests, and a task with one crash fails whatever the rest do. A learner's
  /// half-written stub crashes in every test, and each crash named costs a run of its own.
  /// Other jobs name every crash: a learner's test that crashes on a chaff may sit beside one
  /// whose issues count.
  static func crashesToName(_ job: Job) -> Int {
    if case .implement = job { FeedbackRenderer.failuresShownByDefault } else { .max }
  }

  /// Whether a job's tests must wait for events: a write-tests task's that says so.
  static func waitsForEvents(_ job: Job, in lesson: Lesson) -> Bool {
    let number: Int? = switch job {
    case .variant(let task, _), .repeatedWheat(let task, _): task
    case .implement, .allCanonicalTests: nil
    }
    guard case .writeTests(let spec)? = lesson.tasks.first(where: { $0.number == number })?.kind else { return false }
    return spec.waitsForEvents
  }

  /// How many processes share a flaky-test check's runs: one per core, so they run under load.
  static let repetitionShares = max(2, min(ProcessInfo.processInfo.activeProcessorCount, 4))

  /// How many runs each share of a flaky-test check makes.
  static func repetitions(of lesson: Lesson, task: Int) -> Int {
    guard case .writeTests(let spec)? = lesson.tasks.first(where: { $0.number == task })?.kind, let flakiness = spec.flakiness else { return 1 }
    return (flakiness.runs + repetitionShares - 1) / repetitionShares
  }

  /// Runs every job whose inputs changed, as many at once as there are cores, each in its
  /// own box with its own time limit, in an order that says nothing about which variant is which.
  ///
  /// - Parameter keepingHangs: Keep a chaff's run that hit its time limit, when its task's wheat
  ///   ran to its end; any other run a limit or the machine cut short is never kept.
  private func runJobs(_ jobs: [Job], in sandbox: Sandbox, built: Sandbox.Built, keepingHangs: Bool = false) -> [Job: JobResult] {
    let lesson = sandbox.plan.lesson
    let cache = JobCache(folder: state.jobs)
    let results = LockedBox([Job: JobResult]())
    var pending: [(job: Job, key: String, program: URL, libraries: [URL], filters: [String], repetitions: Int)] = []
    for job in jobs {
      let program: URL?
      var libraries: [URL?]
      var filters: [String] = []
      var repetitions = 1
      switch job {
      case .implement(let number):
        guard case .implement(let names)? = lesson.tasks.first(where: { $0.number == number })?.kind else { continue }
        program = built.program(for: .canonicalTests)
        libraries = [built.testsLibrary(.canonicalTests), sandbox.moduleLibrary(built)]
        filters = names.map { Sandbox.filter(module: lesson.testModule, name: $0) }
      case .allCanonicalTests:
        program = built.program(for: .canonicalTests)
        libraries = [built.testsLibrary(.canonicalTests), sandbox.moduleLibrary(built)]
      case .variant(let task, let index):
        program = built.program(for: .task(task), variant: index)
        libraries = [built.testsLibrary(.task(task))]
      case .repeatedWheat(let task, _):
        program = built.program(for: .task(task))
        libraries = [built.testsLibrary(.task(task))]
        repetitions = Self.repetitions(of: lesson, task: task)
      }
      guard let program, libraries.allSatisfy({ $0 != nil }) else { continue }
      let present = libraries.compactMap { $0 }
      // Programs and libraries live in folders named by what they were built from, so this key
      // names everything a result depends on, and learners who hand in the same files share it.
      let parts = [
        Self.resultFormat, limits.summary, "namespaces=\(isolation.namespaces)", "hidden=\(isolation.codeHidden)",
        "tsan=\(sandbox.compiler.threadSanitizer)", program.deletingLastPathComponent().lastPathComponent,
      ] + present.map { $0.deletingLastPathComponent().lastPathComponent } + [
        "repetitions=\(repetitions)", "crashes=\(Self.crashesToName(job))", "seconds=\(timeLimit(of: job, in: lesson))",
        "events=\(Self.waitsForEvents(job, in: lesson))",
      ]
      let key = parts.joined(separator: "\n") + "\n" + filters.joined(separator: "\n")
      if useCache, let cached = cache.load(key: key) {
        results.update { $0[job] = cached }
      } else {
        pending.append((job, key, program, present, filters, repetitions))
      }
    }
    let order = pending.shuffled()
    DispatchQueue.concurrentPerform(iterations: order.count) { index in
      let run = order[index]
      let started = ContinuousClock.now
      let result = sandbox.runTests(
        run.program, libraries: run.libraries, filters: run.filters, repetitions: run.repetitions,
        seconds: timeLimit(of: run.job, in: lesson), crashesToName: Self.crashesToName(run.job),
        waitsForEvents: Self.waitsForEvents(run.job, in: lesson))
      trace("job \(run.job.name) took", since: started)
      let isChaff = if case .variant(_, let index) = run.job { index > 0 } else { false }
      cache.store(result, key: run.key, keepingHang: keepingHangs && isChaff)
      results.update { $0[run.job] = result }
    }
    trace("ran \(order.count) of \(jobs.count) jobs", since: .now)
    return results.value
  }

  /// One task's verdict from the jobs that ran for it.
  private func evaluate(_ task: LessonTask, plan: SandboxPlan, built: Sandbox.Built, jobs: [Job: JobResult]) -> TaskResult {
    let limit = min(task.timeLimitSeconds ?? limits.seconds, limits.seconds)
    if let reason = plan.unavailable[task.number] {
      return TaskResult(taskNumber: task.number, status: .error, findings: [.unavailable(reason)])
    }
    if let files = plan.rejected[task.number] {
      let findings = files.map { file in
        // A missing file comes back with one command.
        let reason = file.reason == OwnedFile.Refusal.missing.reason
          ? "\(file.reason); swift run grade reset \(plan.lesson.number) \(task.number) brings the starter back" : file.reason
        return Finding.rejectedFile(path: file.path, reason: reason)
      }
      return TaskResult(
        taskNumber: task.number, status: .fail, findings: findings,
        checks: files.map { CheckEntry(name: "\($0.path) can be graded", status: .fail, message: "\($0.path) \($0.reason)") })
    }
    let (refusals, unread) = Self.refusals(of: task, in: plan.lesson, built: built)
    if refusals.contains(where: \.blocksRunning) || !unread.isEmpty, !isCompiles(task) {
      // Refused code is never run: the task fails on what the rules found.
      let findings = refusals.map(Finding.refused) + unread.map { Finding.unreadable(path: $0) }
      return TaskResult(
        taskNumber: task.number, status: .fail, findings: findings,
        checks: findings.map { CheckEntry(name: "the task's files keep the lesson's rules", status: .fail, message: $0.shortDescription) })
    }
    // A design rule the files break fails the task beside whatever else the grading finds.
    guard refusals.isEmpty || isCompiles(task) else {
      var result = evaluate(task, kind: task.kind, plan: plan, built: built, jobs: jobs, limit: limit, refusals: [])
      result.findings = refusals.map(Finding.refused) + result.findings
      result.checks.insert(
        contentsOf: refusals.map { CheckEntry(name: "the task's files keep its rules", status: .fail, message: Finding.refused($0).shortDescription) },
        at: 0)
      result.status = .fail
      return result
    }
    return evaluate(task, kind: task.kind, plan: plan, built: built, jobs: jobs, limit: limit, refusals: refusals)
  }

  /// A task's verdict by its kind, once the rules on its files are settled.
  private func evaluate(
    _ task: LessonTask, kind: LessonTask.Kind, plan: SandboxPlan, built: Sandbox.Built, jobs: [Job: JobResult], limit: Int,
    refusals: [Refusal]
  ) -> TaskResult {
    switch kind {
    case .implement(let names):
      let ownNames = Set(task.files.filter { $0.hasPrefix("Sources/") }.map { String($0.dropFirst("Sources/".count)) })
      // The module stands with this task's files as the learner wrote them: its tests ran.
      if built.substitutes.isDisjoint(with: ownNames), built.usable(.canonicalTests) {
        return TaskEvaluator.implement(task, testNames: names, job: jobs[.implement(task: task.number)] ?? JobResult(), seconds: limit)
      }
      for part in [Sandbox.Part.module, .canonicalTests] {
        if let failure = built.failures[part] {
          return TaskResult(taskNumber: task.number, status: .error, findings: [.infrastructure(failure)])
        }
        guard let errors = built.errors[part] else { continue }
        // Each error is shown once, under the task whose file holds it; the lesson's other
        // implement tasks say which file they wait for, with no error and no hint of their own.
        let lessonPath = "Lessons/\(plan.lesson.folder)/"
        let mine = errors.filter { error in task.files.contains { lessonPath + $0 == error.path } }
        let owner = plan.lesson.tasks.first { other in
          guard case .implement = other.kind else { return false }
          return errors.contains { error in other.files.contains { lessonPath + $0 == error.path } }
        } ?? plan.lesson.tasks.first { if case .implement = $0.kind { true } else { false } }
        if !mine.isEmpty || owner?.number == task.number { return compileFailure(task, mine.isEmpty ? errors : mine) }
        let waiting = Array(Set(errors.compactMap(\.path))).sorted()
        return TaskResult(
          taskNumber: task.number, status: .fail, findings: [.waitsFor(files: waiting)],
          checks: [CheckEntry(name: "compiles", status: .fail, message: Finding.waitsFor(files: waiting).shortDescription)])
      }
      return TaskEvaluator.implement(task, testNames: names, job: jobs[.implement(task: task.number)] ?? JobResult(), seconds: limit)
    case .writeTests(let spec):
      if let errors = built.errors[.task(task.number)] { return compileFailure(task, errors) }
      if let failure = built.failures[.task(task.number)] {
        return TaskResult(taskNumber: task.number, status: .error, findings: [.infrastructure(failure)])
      }
      let count = built.variantFolders[task.number]?.count ?? 0
      let results = (0..<count).map { jobs[.variant(task: task.number, index: $0)] ?? JobResult() }
      let timingWheats = spec.flakiness?.timingWheats ?? []
      let repeated = spec.flakiness == nil ? [] : (0..<Self.repetitionShares).map { jobs[.repeatedWheat(task: task.number, share: $0)] ?? JobResult() }
      return TaskEvaluator.writeTests(
        task, spec: spec, wheat: results.first ?? JobResult(), chaffs: Array(results.dropFirst().prefix(spec.chaffs.count)),
        timingWheats: Array(zip(timingWheats, results.dropFirst(1 + spec.chaffs.count))), repeated: repeated,
        ownedFiles: Set(task.files.map { String($0.split(separator: "/").last ?? "") }),
        traits: built.surveys[.task(task.number)]?.traits ?? [:], seconds: limit)
    case .compiles(let spec):
      if let failure = built.failures[.module] {
        return TaskResult(taskNumber: task.number, status: .error, findings: [.infrastructure(failure)])
      }
      let lessonPath = "Lessons/\(plan.lesson.folder)/"
      let owned = task.files.compactMap { file -> (path: String, text: String)? in
        let name = String(file.split(separator: "/").last ?? "")
        return plan.module.files[name].map { (lessonPath + file, String(decoding: $0, as: UTF8.self)) }
      }
      let misuses = spec.misuses.map { misuse -> TaskEvaluator.MisuseCheck in
        let name = String(misuse.file.split(separator: "/").last ?? "")
        let shown = lessonPath + misuse.file
        return TaskEvaluator.MisuseCheck(
          misuse: misuse, path: shown, source: String(decoding: plan.misuses.files[name] ?? Data(), as: UTF8.self),
          diagnostics: built.misuseMessages[name].map { Diagnostic.errors(in: $0, shownAs: [name: shown]) })
      }
      return TaskEvaluator.compiles(
        task, spec: spec, owned: owned, refusals: refusals, swift6: built.swift6Diagnostics,
        moduleErrors: built.moduleFolder == nil ? built.errors[.module] : nil, misuses: misuses)
    case .unknown(let kind):
      return TaskResult(taskNumber: task.number, status: .error, findings: [.infrastructure(
        "the catalog gives this task the kind \"\(kind)\", which this grader does not know; known kinds: \(LessonTask.knownKinds.sorted().joined(separator: ", "))")])
    }
  }

  /// What the lesson's rules refuse in `task`'s files, and the files that could not be read at all.
  static func refusals(of task: LessonTask, in lesson: Lesson, built: Sandbox.Built) -> (refusals: [Refusal], unread: [String]) {
    let paths = Set(task.files.map { "Lessons/\(lesson.folder)/\($0)" })
    let surveys = [built.surveys[.module], built.surveys[.task(task.number)]].compactMap { $0 }
    return (
      surveys.flatMap(\.refusals).filter { paths.contains($0.path) },
      surveys.flatMap(\.unread).filter { paths.contains($0) }
    )
  }

  private func isCompiles(_ task: LessonTask) -> Bool {
    if case .compiles = task.kind { true } else { false }
  }

  private func compileFailure(_ task: LessonTask, _ errors: [Diagnostic]) -> TaskResult {
    TaskResult(
      taskNumber: task.number, status: .fail, findings: [.compileErrors(errors)],
      checks: [CheckEntry(name: "compiles", status: .fail, message: Finding.compileErrors(errors).shortDescription)])
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
