import Foundation
import GradeBox
import GradeBuild
import GradeCatalog
import GradeEvents
import GradeProcesses

extension Workspace {
  /// Runs the tests in `libraries` whose IDs match `filters`, in `program`, and folds their events into a result.
  ///
  /// A first run is parallel, as `swift test` would run it. If the process
  /// crashes, every test that was running when it died may be the one that
  /// crashed: each runs again alone, so that each `fatalError` names its test.
  /// Beside them, the tests that never started run again together, and so on
  /// until every test has a result. Each run is a fresh box with its own time limit.
  ///
  /// - Parameters:
  ///   - repetitions: Run the tests this many times in one process (`--repetitions`),
  ///     to catch a test that passes by luck; a crash is then one failed run, not rerun.
  ///   - seconds: A time limit shorter than the box's for each run, from the task's catalog entry.
  ///   - crashesToName: Stop once this many crashes are named, suspects taken in source
  ///     order, a core's worth at a time; the tests not reached then have no result.
  public func runTests(
    _ program: URL, libraries: [URL], filters: [String] = [], repetitions: Int = 1, seconds: Int? = nil, crashesToName: Int = .max,
    waitsForEvents: Bool = false, mutant: Int = 0, lateEvents: Bool = false, cancellation: Cancellation? = nil
  ) -> JobResult {
    var fold = RunFold(seconds: seconds, waitsForEvents: waitsForEvents, mutant: mutant, lateEvents: lateEvents, cancellation: cancellation)
    fold.result.timeLimit = box.limits.seconds(asked: seconds)
    if repetitions > 1 {
      _ = fold.run(self, program, libraries, filters: filters, serial: false, repetitions: repetitions)
      return fold.folded
    }
    guard var ending = fold.run(self, program, libraries, filters: filters, serial: false) else { return fold.folded }
    var ranAlone: Set<String> = []
    while ending == .crashed, fold.result.crashes.count < crashesToName, cancellation?.isCancelled != true {
      let unresolved = fold.order.filter { id in
        guard let test = fold.tests[id], !ranAlone.contains(id) else { return false }
        return fold.result.crashes[id] == nil && (test.status == .notRun || test.status == .interrupted)
      }
      let allSuspects = unresolved.filter { fold.tests[$0]?.status == .interrupted }
      let suspects = crashesToName == .max ? allSuspects : Array(allSuspects.prefix(SideBySide.cores))
      let unstarted = unresolved.filter { fold.tests[$0]?.status == .notRun }
      // Runs side by side: each suspect alone, then (last) the tests that never started, together.
      let runs: [(filters: [String], serial: Bool)] = suspects.map { ([Self.exactFilter(forID: $0)], true) }
        + (unstarted.isEmpty ? [] : [(unstarted.map(Self.exactFilter(forID:)), false)])
      guard !runs.isEmpty else { break }
      ranAlone.formUnion(suspects)
      let folds = Locked([Int: (RunFold, RunFold.AfterRun?)]())
      SideBySide.run(runs.count, width: JobExecutor.width) { index in
        var alone = RunFold(
          seconds: seconds, waitsForEvents: waitsForEvents, mutant: mutant, lateEvents: lateEvents, cancellation: cancellation)
        let ended = alone.run(self, program, libraries, filters: runs[index].filters, serial: runs[index].serial)
        folds.update { $0[index] = (alone, ended) }
      }
      // Suspects left for a later round keep the loop going, as a crash among the unstarted does.
      ending = allSuspects.count > suspects.count ? .crashed : .clean
      for index in runs.indices {
        guard let (other, ended) = folds.value[index] else { continue }
        fold.absorb(other)
        // Only the run of tests that never started goes round again; a suspect alone is resolved.
        if !runs[index].serial, ended == .crashed { ending = .crashed }
      }
    }
    return fold.folded
  }

  /// The results of one job's runs, folded together as they come.
  private struct RunFold {
    /// The time limit of each run, when shorter than the box's.
    var seconds: Int?
    /// Whether a test that waits for real time to pass records an issue.
    var waitsForEvents = false
    /// The mutant the program runs, when it was built from a mutant schema.
    var mutant = 0
    /// Whether the code under test's events come late (`RunOrders.lateEvents`).
    var lateEvents = false
    /// Stops the runs once set; what they did is then the caller's to drop.
    var cancellation: Cancellation?
    var result = JobResult()
    var tests: [String: TestOutcome] = [:]
    var order: [String] = []

    /// What the crash-naming loop does after a run: not how the job ended, which is `RunEnding`.
    enum AfterRun: Equatable { case clean, crashed, stopped }

    /// The job's result: every test's most telling outcome, in the order first seen.
    var folded: JobResult {
      var folded = result
      folded.tests = order.compactMap { tests[$0] }
      var seen: Set<String> = []
      folded.hung = result.hung.filter { seen.insert($0.id).inserted }
      return folded
    }

    /// Runs the program once and folds in what it reported; `nil` when it could not start at all.
    mutating func run(_ workspace: Workspace, _ program: URL, _ libraries: [URL], filters: [String], serial: Bool, repetitions: Int = 1) -> AfterRun? {
      let request = Box.Request(
        filters: filters.isEmpty ? nil : filters, parallel: !serial, repetitions: repetitions, seconds: seconds,
        waitsForEvents: waitsForEvents, mutant: mutant, lateEvents: lateEvents)
      let boxed: Box.Report
      let started = ContinuousClock.now
      defer { trace("  run \(serial ? "serial" : "parallel") \(filters.first?.suffix(40) ?? "")", since: started) }
      do {
        boxed = try workspace.box.run(program, libraries: libraries, request: request, cancellation: cancellation)
      } catch {
        result.ending = result.ending.merged(with: .infrastructure(.error(error.message)))
        return nil
      }
      let outcome = boxed.outcome
      result.cpuSeconds += outcome.cpuSeconds
      var report = TestRunReport(eventStream: boxed.events, repetitions: repetitions)
      report.problems = boxed.streamProblems + report.problems
      // What the run printed is its own text, kept as printed: Feedback escapes it where it shows it.
      result.outputTail = Crash.tail(of: outcome.output)
      // ThreadSanitizer reports a race on the output and lets the test pass: the report is the finding.
      // One report per distinct race, its frames named from the files the run was given, and each
      // file put as the learner knows it.
      var modules = [Box.programName: program]
      for library in libraries { modules[library.lastPathComponent] = library }
      let shown = workspace.plan.module.shownAs.merging(workspace.plan.canonicalTests.shownAs) { first, _ in first }
      let races = SanitizerReport.reports(
        in: outcome.output, modules: modules, toolchain: workspace.box.isolation.toolchain, spawner: workspace.compiler.spawner
      ).map { report in
        var text = report
        for (name, path) in shown.sorted(by: { $0.key < $1.key }) { text = text.replacingOccurrences(of: " at \(name):", with: " at \(path):") }
        return text
      }
      for race in races.map({ report in
        report.split(separator: "\n").map { ShownText.escaped($0, limit: ShownText.messageLimit) }.joined(separator: "\n")
      }) where !result.sanitizerReports.contains(race) {
        result.sanitizerReports.append(race)
      }
      for test in report.tests { remember(test) }
      result.unattributedIssues += report.unattributedIssues
      if !report.problems.isEmpty { result.ending = result.ending.merged(with: .void(report.problems)) }

      switch outcome.termination {
      case .timedOut:
        result.ending = result.ending.merged(with: .timedOut)
        result.hung += report.interrupted
        return .stopped
      case .outputLimitExceeded:
        result.ending = result.ending.merged(with: .flooded)
        result.hung += report.interrupted
        return .stopped
      case .cancelled:
        return .stopped
      case .exited(let code) where report.finished:
        // The status and the records are two accounts of one run: when they disagree, either way,
        // something in the process changed one of them, and the run says nothing.
        if code == 0, report.recordsAFailure {
          result.ending = result.ending.merged(with: .void([.passedDespiteFailure]))
        } else if code == 1, !report.recordsAFailure {
          result.ending = result.ending.merged(with: .void([.failedWithoutFailure]))
        } else if code != 0 && code != 1 && races.isEmpty {
          // Every test ended, then the process exited with a status of its own (ThreadSanitizer's 66, an exit() in a deinit).
          result.ending = result.ending.merged(with: .abnormalExit(outcome.termination))
        }
        return .clean
      case .exited(0):
        // Status 0 says every test ended and passed, yet the records stop before the run's end:
        // something in the process cut the stream short (closed its descriptor, say). No crash
        // exits 0, so no test is blamed, and the run says nothing.
        result.ending = result.ending.merged(with: .void([.passedBeforeTheEnd]))
        return .clean
      case .signaled where report.finished:
        result.ending = result.ending.merged(with: .abnormalExit(outcome.termination))
        return .clean
      default:
        if repetitions > 1 {
          // A repeated run that crashed: every test it interrupted failed that run.
          for test in report.interrupted { result.crashes[test.id] = Crash(outcome) }
          if report.interrupted.isEmpty { result.ending = result.ending.merged(with: .didNotStart(Crash(outcome))) }
          return .crashed
        }
        guard let crashed = report.interrupted.first else {
          result.ending = result.ending.merged(with: .didNotStart(Crash(outcome)))
          return .stopped
        }
        guard serial else { return .crashed }  // In parallel, every running test dies: which one crashed is unknown.
        result.crashes[crashed.id] = Crash(outcome)
        return .crashed
      }
    }

    /// Keeps the most telling outcome of each test: an ending beats an interruption beats not running.
    mutating func remember(_ test: TestOutcome) {
      if tests[test.id] == nil { order.append(test.id) }
      if let earlier = tests[test.id] {
        let rank: (TestOutcome.Status) -> Int = { status in
          switch status {
          case .notRun: 0
          case .interrupted: 1
          default: 2
          }
        }
        if rank(test.status) < rank(earlier.status) { return }
      }
      tests[test.id] = test
    }

    /// Adds what another fold learned.
    mutating func absorb(_ other: RunFold) {
      for id in other.order { if let test = other.tests[id] { remember(test) } }
      result.crashes.merge(other.result.crashes) { $1 }
      result.unattributedIssues += other.result.unattributedIssues
      result.ending = result.ending.merged(with: other.result.ending)
      result.hung += other.result.hung
      result.cpuSeconds += other.result.cpuSeconds
      if !other.result.outputTail.isEmpty { result.outputTail = other.result.outputTail }
    }
  }

  /// A filter that matches exactly the tests named by `name`, such as `UserStoreTests` or
  /// `UserStoreTests/findsUser()`, in `module`.
  public static func filter(module: String, name: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: "\(module).\(name)") + "/"
  }

  /// A filter that matches one test ID exactly.
  package static func exactFilter(forID id: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: id) + "$"
  }
}
