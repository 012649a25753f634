import Foundation
import Synchronization

/// Grades lessons: plans a sandbox, builds it, runs every job, and evaluates every task.
public struct Grader: Sendable {
  /// The workbook whose canonical files and solutions the grader uses.
  public var workbook: Workbook
  /// How long one lesson's tests may run in all.
  public var timeout: Duration
  /// How long one build may take.
  public var buildTimeout: Duration
  /// Whether an unchanged lesson may be answered from its last result.
  public var useCache: Bool
  /// Runs the compiler and the test binaries.
  public var runner: ProcessRunner

  /// Bumped when a change to the grader changes what a result means, so old caches are ignored.
  static let resultFormat = "grade-results-3"

  /// Creates a grader.
  public init(
    workbook: Workbook, timeout: Duration = .seconds(60), buildTimeout: Duration = .seconds(900),
    useCache: Bool = true, runner: ProcessRunner = ProcessRunner()
  ) {
    self.workbook = workbook
    self.timeout = timeout
    self.buildTimeout = buildTimeout
    self.useCache = useCache
    self.runner = runner
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
      plan = try SandboxPlan(workbook: workbook, lesson: lesson, learnerFolder: learnerFolder, pristine: pristine)
    } catch {
      return failed(error.message)
    }
    let sandbox = Sandbox(root: workbook.sandboxFolder(sandboxName, of: lesson), plan: plan, runner: runner)
    let fingerprint = Fingerprint.of(
      plan.files, settings: "\(Self.resultFormat) timeout=\(timeout) all=\(listAllCanonicalTests)")
    let cacheURL = workbook.resultFile(sandboxName, of: lesson)
    let ignored = plan.pristine.edited
    if useCache, let cached = ResultCache.load(from: cacheURL, fingerprint: fingerprint) {
      var result = cached
      result.fromCache = true
      result.ignoredEdits = ignored
      return result
    }

    do {
      try sandbox.sync()
    } catch {
      return failed(error.message)
    }

    // Build; if parts fail, build again without them so the rest can still be graded.
    var broken: [SandboxPlan.Part: [Diagnostic]] = [:]
    do {
      var build = try sandbox.build(until: .now + buildTimeout)
      if !build.outcome.succeeded {
        if build.outcome.termination == .timedOut {
          return failed("the build took longer than \(buildTimeout) and was stopped")
        }
        guard !build.errors.isEmpty else {
          return failed("the build failed without a compiler error:\n\(build.outcome.output.suffix(1500))")
        }
        broken = Dictionary(grouping: build.errors) { SandboxPlan.part(ofSandboxPath: $0.sandboxPath) }
        let allParts = Set([SandboxPlan.Part.main] + plan.variants.map { .task($0.taskNumber) })
        if Set(broken.keys) != allParts {
          do {
            try Data(plan.manifest(excluding: Set(broken.keys)).utf8).write(to: sandbox.root.appending(path: "Package.swift"))
          } catch {
            return failed("cannot write \(sandbox.root.path)/Package.swift: \(error.localizedDescription)")
          }
          build = try sandbox.build(until: .now + buildTimeout)
          if !build.outcome.succeeded {
            // Parts that compiled alone can still fail to link together; report everything as broken.
            for error in build.errors { broken[SandboxPlan.part(ofSandboxPath: error.sandboxPath), default: []].append(error) }
            for part in allParts where broken[part] == nil { broken[part] = build.errors }
          }
        }
      }
    } catch {
      return failed(error.message)
    }

    let byLabel = runJobs(plannedJobs(lesson, plan: plan, broken: broken, listAllCanonicalTests: listAllCanonicalTests), in: sandbox)
    let taskResults = lesson.tasks.map { evaluate($0, plan: plan, broken: broken, jobs: byLabel) }

    var result = LessonResult(
      lessonNumber: lesson.number, tasks: taskResults, seconds: seconds(since: start),
      canonicalTestIDs: (byLabel["canonical"]?.tests ?? []).map(\.id))
    result.ignoredEdits = ignored
    let stable = !byLabel.values.contains { $0.timedOut || $0.infrastructureError != nil }
    if stable { ResultCache.store(result, at: cacheURL, fingerprint: fingerprint) }
    return result
  }

  /// The test runs a lesson needs: one per implement task, one per variant, leaving out broken parts.
  private func plannedJobs(
    _ lesson: Lesson, plan: SandboxPlan, broken: [SandboxPlan.Part: [Diagnostic]], listAllCanonicalTests: Bool
  ) -> [(label: String, filters: [String])] {
    var jobs: [(label: String, filters: [String])] = []
    if broken[.main] == nil {
      for task in lesson.tasks {
        if case .implement(let names) = task.kind, !names.isEmpty {
          jobs.append(("task\(task.number)", names.map { Sandbox.filter(module: lesson.testModule, name: $0) }))
        }
      }
      if listAllCanonicalTests, plan.hasCanonicalTests {
        jobs.append(("canonical", [Sandbox.filter(module: lesson.testModule)]))
      }
    }
    for variant in plan.variants where broken[.task(variant.taskNumber)] == nil {
      jobs.append((variant.testModule, [Sandbox.filter(module: variant.testModule)]))
    }
    return jobs
  }

  /// Runs every job, as many at once as there are cores, under one shared deadline.
  private func runJobs(_ jobs: [(label: String, filters: [String])], in sandbox: Sandbox) -> [String: JobResult] {
    let deadline = ContinuousClock.now + timeout
    let results = Mutex<[String: JobResult]>([:])
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let job = jobs[index]
      let result = sandbox.runTests(matching: job.filters, label: job.label, until: deadline)
      results.withLock { $0[job.label] = result }
    }
    return results.withLock { $0 }
  }

  /// One task's verdict from the jobs that ran for it.
  private func evaluate(
    _ task: LessonTask, plan: SandboxPlan, broken: [SandboxPlan.Part: [Diagnostic]], jobs: [String: JobResult]
  ) -> TaskResult {
    let limit = Int(timeout.components.seconds)
    if let reason = plan.unavailable[task.number] {
      return TaskResult(taskNumber: task.number, status: .error, findings: [.unavailable(reason)])
    }
    switch task.kind {
    case .implement(let names):
      if let errors = broken[.main] { return compileFailure(task, errors) }
      return TaskEvaluator.implement(task, testNames: names, job: jobs["task\(task.number)"] ?? JobResult(), seconds: limit)
    case .writeTests(let spec):
      if let errors = broken[.task(task.number)] { return compileFailure(task, errors) }
      let jobsOfTask = plan.variants.filter { $0.taskNumber == task.number }.map { jobs[$0.testModule] ?? JobResult() }
      return TaskEvaluator.writeTests(
        task, spec: spec, wheat: jobsOfTask.first ?? JobResult(), chaffs: Array(jobsOfTask.dropFirst()),
        ownedFiles: Set(task.files.map { String($0.split(separator: "/").last ?? "") }), seconds: limit)
    }
  }

  private func compileFailure(_ task: LessonTask, _ errors: [Diagnostic]) -> TaskResult {
    TaskResult(
      taskNumber: task.number, status: .fail, findings: [.compileErrors(errors)],
      checks: [CheckEntry(name: "compiles", status: .fail, message: Finding.compileErrors(errors).shortDescription)])
  }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
