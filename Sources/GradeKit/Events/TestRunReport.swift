import Foundation

/// Everything one run of a test binary reported, read from its event stream.
public struct TestRunReport: Sendable, Equatable {
  /// Every test function the run knew about, in the order first seen.
  public var tests: [TestOutcome]
  /// Issues recorded outside any test, such as from a detached task.
  public var unattributedIssues: [IssueReport]
  /// Whether the run reported its end; `false` after a crash or a kill.
  public var finished: Bool
  /// How many lines were skipped: malformed, another schema version, or an unknown kind.
  public var ignoredLines: Int

  /// The tests that started and never ended.
  public var interrupted: [TestOutcome] { tests.filter { $0.status == .interrupted } }

  /// Decodes JSON Lines written with `--event-stream-version 0`.
  public init(eventStream text: String) {
    var order: [String] = []
    var byID: [String: TestOutcome] = [:]
    var started: Set<String> = []
    // Suites get testStarted and testEnded events too; only functions are tests.
    var suites: Set<String> = []
    var unattributed: [IssueReport] = []
    var finished = false
    var ignored = 0
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

    for line in text.split(whereSeparator: \.isNewline) where !line.isEmpty {
      guard let record = try? decoder.decode(EventRecord.self, from: Data(line.utf8)),
        record.version == nil || record.version == EventRecord.schemaVersion
      else {
        ignored += 1
        continue
      }
      let payload = record.payload
      if record.kind == "event", let id = payload.testID, suites.contains(id), payload.kind != "issueRecorded" { continue }
      switch (record.kind, payload.kind) {
      case ("test", "function"):
        guard let id = payload.id else { ignored += 1; continue }
        var test = outcome(id)
        test.name = payload.name ?? test.name
        test.displayName = payload.displayName ?? payload.name ?? test.displayName
        test.fileID = payload.sourceLocation?.fileID
        test.line = payload.sourceLocation?.line
        test.isParameterized = payload.isParameterized ?? false
        remember(test)
      case ("test", _):
        if let id = payload.id { suites.insert(id) }
      case ("event", "testStarted"):
        guard let id = payload.testID else { continue }
        var test = outcome(id)
        test.status = .interrupted  // Until a testEnded says otherwise.
        started.insert(id)
        remember(test)
      case ("event", "testCaseStarted"):
        guard let id = payload.testID else { continue }
        var test = outcome(id)
        test.caseCount += 1
        remember(test)
      case ("event", "testEnded"):
        guard let id = payload.testID else { continue }
        var test = outcome(id)
        test.status = test.failures.isEmpty ? .passed : .failed
        remember(test)
      case ("event", "testSkipped"):
        guard let id = payload.testID else { continue }
        var test = outcome(id)
        test.status = .skipped(payload._comments?.first)
        remember(test)
      case ("event", "issueRecorded"):
        let issue = IssueReport(
          message: payload.messages?.first?.text ?? "an issue was recorded",
          comments: payload._comments ?? [],
          fileID: payload.issue?.sourceLocation?.fileID,
          line: payload.issue?.sourceLocation?.line,
          isKnown: payload.issue?.isKnown ?? false,
          testCase: payload._testCase?.displayName)
        guard let id = payload.testID else {
          unattributed.append(issue)
          continue
        }
        var test = outcome(id)
        test.issues.append(issue)
        remember(test)
      case ("event", "runEnded"):
        finished = true
      case ("event", _):
        continue  // Other events (runStarted, valueAttached, ...) carry nothing the grader needs.
      default:
        ignored += 1  // A record kind this schema version does not define.
      }
    }
    self.tests = order.compactMap { byID[$0] }
    self.unattributedIssues = unattributed
    self.finished = finished
    self.ignoredLines = ignored
  }
}
