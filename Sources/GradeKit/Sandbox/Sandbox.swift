import Foundation

/// A lesson's sandbox package on disk: synced from a plan, built once, then run per job.
public struct Sandbox: Sendable {
  /// The sandbox's folder, kept between runs so builds are incremental.
  public var root: URL
  /// What the sandbox holds.
  public var plan: SandboxPlan
  /// Runs the compiler and the test binary.
  public var runner: ProcessRunner

  /// Creates a sandbox at `root` for `plan`.
  public init(root: URL, plan: SandboxPlan, runner: ProcessRunner = ProcessRunner()) {
    self.root = root
    self.plan = plan
    self.runner = runner
  }

  /// Writes the plan's files, touching only the ones that changed.
  public func sync() throws(GradeError) {
    try FileSync.sync(plan.files, into: root)
  }

  /// The outcome of `swift build --build-tests`: the compiler errors, mapped to the learner's paths.
  public struct BuildResult: Sendable {
    /// How the build process ended.
    public var outcome: ProcessOutcome
    /// Errors in the learner's terms; empty when the build succeeded.
    public var errors: [Diagnostic]
  }

  /// Builds the sandbox and its tests.
  public func build(until deadline: ContinuousClock.Instant) throws(GradeError) -> BuildResult {
    let outcome = try runner.run(
      ["swift", "build", "--build-tests", "-Xswiftc", "-diagnostic-style=llvm"], in: root, until: deadline)
    let errors = outcome.succeeded
      ? [] : Diagnostic.errors(inBuildOutput: outcome.output, sandboxRoot: root.path, displayPaths: plan.displayPaths)
    return BuildResult(outcome: outcome, errors: errors)
  }

  /// Runs the tests whose IDs match `filters` and folds their events into a result.
  ///
  /// A first run is parallel, as `swift test` would run it. If the process
  /// crashes, the tests run again one at a time, skipping each test that
  /// crashed, so that one `fatalError` names its test and hides no other result.
  public func runTests(matching filters: [String], label: String, until deadline: ContinuousClock.Instant) -> JobResult {
    var result = JobResult()
    var finalTests: [String: TestOutcome] = [:]
    var order: [String] = []
    var skips: [String] = []
    var serial = false

    for attempt in 0..<6 {
      let run: (ProcessOutcome, TestRunReport)
      do {
        run = try runOnce(filters: filters, skips: skips, serial: serial, label: "\(label)-\(attempt)", until: deadline)
      } catch {
        result.infrastructureError = error.message
        break
      }
      let (outcome, report) = run
      result.outputTail = String(outcome.output.suffix(500))
      for test in report.tests where test.status != .notRun || finalTests[test.id] == nil {
        if finalTests[test.id] == nil { order.append(test.id) }
        // A test that ended in an earlier attempt keeps that ending.
        if let earlier = finalTests[test.id], earlier.status != .notRun, earlier.status != .interrupted, test.status == .interrupted { continue }
        finalTests[test.id] = test
      }
      result.unattributedIssues += report.unattributedIssues

      switch outcome.termination {
      case .timedOut:
        result.timedOut = true
        result.hung = report.interrupted
      case .outputLimitExceeded:
        result.flooded = true
        result.hung = report.interrupted
      case .exited(let code) where report.finished && (code == 0 || code == 1):
        break
      default:
        let interrupted = report.interrupted
        if !serial {
          serial = true  // Run again one at a time to learn which test crashed.
          continue
        }
        guard let crashed = interrupted.first else {
          if !report.finished {
            result.infrastructureError = "the test binary stopped before running any test: \(Self.fatalMessage(in: outcome) ?? describe(outcome.termination))"
          }
          break
        }
        result.crashes[crashed.id] = Self.fatalMessage(in: outcome) ?? describe(outcome.termination)
        skips.append(Self.exactFilter(forID: crashed.id))
        continue
      }
      break
    }
    result.tests = order.compactMap { finalTests[$0] }
    return result
  }

  private func runOnce(
    filters: [String], skips: [String], serial: Bool, label: String, until deadline: ContinuousClock.Instant
  ) throws(GradeError) -> (ProcessOutcome, TestRunReport) {
    let eventsFolder = root.appending(path: ".build/grade-events")
    try? FileManager.default.createDirectory(at: eventsFolder, withIntermediateDirectories: true)
    let events = eventsFolder.appending(path: "\(label).jsonl")
    try? FileManager.default.removeItem(at: events)

    var arguments = testCommand()
    for filter in filters { arguments += ["--filter", filter] }
    for skip in skips { arguments += ["--skip", skip] }
    if serial { arguments.append("--no-parallel") }
    arguments += ["--event-stream-output-path", events.path, "--event-stream-version", "\(EventRecord.schemaVersion)"]

    // The backtracer's symbolication takes seconds per crash and adds nothing a learner reads.
    let outcome = try runner.run(arguments, in: root, environment: ["SWIFT_BACKTRACE": "enable=no", "NO_COLOR": "1"], until: deadline, watching: events)
    let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
    return (outcome, TestRunReport(eventStream: text))
  }

  /// The command that runs the sandbox's Swift Testing tests.
  private func testCommand() -> [String] {
    let binary = root.appending(path: ".build/debug/\(SandboxPlan.packageName)PackageTests.xctest")
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: binary.path, isDirectory: &isFolder), !isFolder.boolValue {
      // Linux: the test product is an executable; running it directly skips SwiftPM's start-up.
      return [binary.path, "--testing-library", "swift-testing"]
    }
    return ["swift", "test", "--skip-build", "--disable-xctest"]
  }

  /// A filter that matches exactly the tests named by `name`, such as `UserStoreTests` or
  /// `UserStoreTests/findsUser()`, in `module`.
  public static func filter(module: String, name: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: "\(module).\(name)") + "/"
  }

  /// A filter that matches every test in `module`.
  public static func filter(module: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: "\(module).")
  }

  /// A filter that matches one test ID exactly.
  static func exactFilter(forID id: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: id) + "$"
  }

  /// The `Fatal error: ...` line a crashed Swift process printed, if any.
  static func fatalMessage(in outcome: ProcessOutcome) -> String? {
    for line in outcome.output.split(whereSeparator: \.isNewline) where line.contains("Fatal error") {
      return line.trimmingCharacters(in: .whitespaces)
    }
    return nil
  }
}

/// Names a process ending in words.
func describe(_ termination: ProcessOutcome.Termination) -> String {
  switch termination {
  case .exited(let code): "the process exited with status \(code)"
  case .signaled(let signal): "the process was killed by signal \(signal) (\(signalName(signal)))"
  case .timedOut: "the time limit ran out"
  case .outputLimitExceeded: "the process printed more than the grader keeps"
  }
}

private func signalName(_ signal: Int32) -> String {
  switch signal {
  case 4: "SIGILL, a Swift runtime trap such as fatalError or a force unwrap of nil"
  case 5: "SIGTRAP, a Swift runtime trap"
  case 6: "SIGABRT"
  case 9: "SIGKILL"
  case 11: "SIGSEGV, a bad memory access"
  default: "signal \(signal)"
  }
}
