import Foundation

/// Everything one run of a test binary reported, read from its event stream, and whether it adds up.
///
/// The stream comes from inside the process under test, so code under test
/// can write to it too. A run's report is only taken when it is whole: every
/// test the run announced ended (or was skipped) exactly once, no test ended
/// that was never announced, and nothing followed the run's end. Anything else
/// is listed in `problems`, and the grader counts the run as void.
public struct TestRunReport: Sendable, Equatable {
  /// Every test function the run knew about, in the order first seen.
  public var tests: [TestOutcome]
  /// Issues recorded outside any test, such as from a detached task.
  public var unattributedIssues: [IssueReport]
  /// Whether the run reported its end; `false` after a crash or a kill.
  public var finished: Bool

  /// Whether the records say something failed: a test, a run of one, or an issue no test owns.
  /// The runner exits with status 1 exactly then, so a run whose status says otherwise is void.
  public var recordsAFailure: Bool {
    tests.contains { $0.status == .failed || $0.failedRuns > 0 || $0.issues.contains { !$0.isKnown } }
      || unattributedIssues.contains { !$0.isKnown }
  }
  /// How many lines were skipped: another schema version, or an unknown kind.
  public var ignoredLines: Int
  /// Why the report cannot be trusted; empty when it adds up.
  public var problems: [StreamProblem]

  /// The tests that started and never ended.
  public var interrupted: [TestOutcome] { tests.filter { $0.status == .interrupted } }

  /// Decodes JSON Lines written with `--event-stream-version 0`.
  ///
  /// Bytes that are not UTF-8 (a kill in the middle of a character) spoil only their own line.
  ///
  /// - Parameter repetitions: How many times the run repeated its tests (`--repetitions`);
  ///   each test then starts and ends that many times, and each ending is counted.
  public init(eventStream data: Data, repetitions: Int = 1) {
    self.init(lines: data.lines(omittingEmpty: true), repetitions: repetitions)
  }

  /// Decodes JSON Lines given as text.
  public init(eventStream text: String, repetitions: Int = 1) {
    self.init(eventStream: Data(text.utf8), repetitions: repetitions)
  }

  /// What a test that was cancelled from inside is told.
  static let cancelledMessage =
    "This test was cancelled from inside the run (Test.cancel()), so it checked nothing: a test ends by passing or failing"

  private init(lines: [Data], repetitions: Int) {
    var order: [String] = []
    var byID: [String: TestOutcome] = [:]
    var announced: Set<String> = []
    var ended: Set<String> = []
    var starts: [String: Int] = [:]
    var skips: [String: Int] = [:]
    var failedThisRun: Set<String> = []
    // Suites get testStarted and testEnded events too; only functions are tests.
    var suites: Set<String> = []
    var unattributed: [IssueReport] = []
    var finished = false
    var ignored = 0
    var malformed = 0
    var problems: [StreamProblem] = []
    let decoder = JSONDecoder()

    func outcome(_ id: String) -> TestOutcome {
      byID[id] ?? TestOutcome(
        id: id, name: TestOutcome.namePath(ofID: id).last ?? id,
        displayName: TestOutcome.namePath(ofID: id).last ?? id, fileID: nil, line: nil,
        isParameterized: false, caseCount: 0, status: .notRun, issues: [])
    }
    func remember(_ value: TestOutcome) {
      if byID[value.id] == nil { order.append(value.id) }
      byID[value.id] = value
    }
    func known(_ id: String, _ event: String) -> Bool {
      if announced.contains(id) { return true }
      problems.append(.unannounced(event: event, test: id))
      return false
    }

    for (index, line) in lines.enumerated() {
      guard let record = try? decoder.decode(EventRecord.self, from: line) else {
        // The last line of a killed run may be cut short; anything else is not the library's.
        if index != lines.count - 1 { malformed += 1 }
        continue
      }
      guard record.version == nil || record.version == EventRecord.schemaVersion else {
        ignored += 1
        continue
      }
      if finished {
        problems.append(.afterTheEnd)
        break
      }
      let payload = record.payload
      if record.kind == "event", let id = payload.testID, suites.contains(id), payload.kind != "issueRecorded" { continue }
      switch (record.kind, payload.kind) {
      case ("test", "function"):
        guard let id = payload.id else { malformed += 1; continue }
        if !announced.insert(id).inserted { problems.append(.announcedTwice(test: id)) }
        var test = outcome(id)
        test.name = ShownText.escaped(payload.name ?? test.name, limit: ShownText.nameLimit)
        test.displayName = ShownText.escaped(payload.displayName ?? payload.name ?? test.displayName, limit: ShownText.nameLimit)
        test.fileID = payload.sourceLocation?.fileID.map { ShownText.escaped($0, limit: ShownText.nameLimit) }
        test.line = payload.sourceLocation?.line
        test.isParameterized = payload.isParameterized ?? false
        test.tags = (payload._tags ?? []).prefix(20).map { ShownText.escaped($0.hasPrefix(".") ? $0.dropFirst() : Substring($0), limit: 100) }
        remember(test)
      case ("test", _):
        if let id = payload.id { suites.insert(id) }
      case ("event", "testStarted"):
        guard let id = payload.testID, known(id, "testStarted") else { continue }
        var test = outcome(id)
        starts[id, default: 0] += 1
        if test.status == .interrupted || starts[id]! > repetitions { problems.append(.startedTooOften(test: id)) }
        test.status = .interrupted  // Until a testEnded says otherwise.
        failedThisRun.remove(id)
        remember(test)
      case ("event", "testCaseStarted"):
        guard let id = payload.testID, known(id, "testCaseStarted") else { continue }
        var test = outcome(id)
        test.caseCount += 1
        if let name = payload._testCase?.displayName, test.caseNames.count < 1_000 {
          test.caseNames.append(ShownText.escaped(name, limit: ShownText.nameLimit))
        }
        remember(test)
      case ("event", "testEnded"):
        guard let id = payload.testID, known(id, "testEnded") else { continue }
        var test = outcome(id)
        if test.status != .interrupted {
          problems.append(.endedUnstarted(test: id))
        }
        ended.insert(id)
        test.runs += 1
        if failedThisRun.contains(id) {
          test.failedRuns += 1
          test.failedIterations.append(starts[id] ?? 0)
        }
        test.status = test.failedRuns > 0 ? .failed : .passed
        remember(test)
      case ("event", "testSkipped"):
        guard let id = payload.testID, known(id, "testSkipped") else { continue }
        var test = outcome(id)
        // A repeated run skips a disabled test once per run; a test that started is never skipped.
        let wasSkipped = if case .skipped = test.status { true } else { false }
        skips[id, default: 0] += 1
        if !(test.status == .notRun || wasSkipped) || skips[id]! > repetitions { problems.append(.skippedAfterStarting(test: id)) }
        ended.insert(id)
        test.status = .skipped(payload._comments?.first.map { ShownText.escaped($0, limit: ShownText.commentLimit) })
        remember(test)
      case ("event", "issueRecorded"):
        // Everything here is the test's own text: capped and escaped before anything reads it.
        let issue = IssueReport(
          message: ShownText.escaped(payload.messages?.first?.text ?? "an issue was recorded", limit: ShownText.messageLimit),
          comments: (payload._comments ?? []).prefix(10).map { ShownText.escaped($0, limit: ShownText.commentLimit) },
          fileID: payload.issue?.sourceLocation?.fileID.map { ShownText.escaped($0, limit: ShownText.nameLimit) },
          line: payload.issue?.sourceLocation?.line,
          isKnown: payload.issue?.isKnown ?? false,
          testCase: payload._testCase?.displayName.map { ShownText.escaped($0, limit: ShownText.nameLimit) })
        guard let id = payload.testID else {
          unattributed.append(issue)
          continue
        }
        guard known(id, "issueRecorded") else { continue }
        var test = outcome(id)
        // A repeated run reports the same failure once per run; a few say all there is.
        if test.issues.count < 20 { test.issues.append(issue) }
        if !issue.isKnown {
          if test.status == .interrupted {
            failedThisRun.insert(id)
          } else if test.status == .passed {
            // An issue after the end (from a task the test left running) still fails it.
            test.status = .failed
            test.failedRuns = max(test.failedRuns, 1)
          }
        }
        remember(test)
      case ("event", "testCancelled"), ("event", "testCaseCancelled"):
        // The grader never cancels a test (ST-0016's Test.cancel()): one cancelled from inside,
        // by the code under test or by the test itself, checked nothing and fails.
        guard let id = payload.testID, known(id, payload.kind ?? "testCancelled") else { continue }
        var test = outcome(id)
        let issue = IssueReport(
          message: TestRunReport.cancelledMessage, comments: [], fileID: nil, line: nil, isKnown: false,
          testCase: payload._testCase?.displayName.map { ShownText.escaped($0, limit: ShownText.nameLimit) })
        if test.issues.count < 20 { test.issues.append(issue) }
        if test.status == .interrupted { failedThisRun.insert(id) }
        remember(test)
      case ("event", "runEnded"):
        finished = true
      case ("event", _):
        continue  // Other events (runStarted, valueAttached, ...) carry nothing the grader needs.
      default:
        ignored += 1  // A record kind this schema version does not define.
      }
    }
    if malformed > 0 { problems.append(.malformedLines(malformed)) }
    if finished {
      let silent = order.filter { announced.contains($0) && !ended.contains($0) }
      if !silent.isEmpty {
        problems.append(.noResult(tests: silent.prefix(3).map { byID[$0]?.displayName ?? $0 }, count: silent.count))
      }
      let short = order.filter { id in
        guard let test = byID[id], ended.contains(id), case .skipped = test.status else { return ended.contains(id) && (byID[id]?.runs ?? 0) < repetitions }
        return false
      }
      if repetitions > 1, !short.isEmpty {
        problems.append(.ranTooFew(count: short.count, repetitions: repetitions))
      }
    }
    self.tests = order.compactMap { byID[$0] }
    self.unattributedIssues = unattributed
    self.finished = finished
    self.ignoredLines = ignored
    // Each problem once, and a few: a broken stream repeats itself, and one is enough to void the run.
    var seen: Set<StreamProblem> = []
    self.problems = Array(problems.filter { seen.insert($0).inserted }.prefix(5))
  }
}
