import Foundation
@testable import GradeBuild
@testable import GradeEvents
@testable import GradeResults
import GradeTestSupport
import Testing

/// One fixture per outcome a test can have, each a real run of Swift Testing 6.3.1.
@Suite("Decoding the event stream")
struct EventStreamDecoderTests {
  @Test("A passing test ends with no issues")
  func pass() throws {
    let report = try Fixture.report("pass")
    let test = try #require(report.tests.first)
    #expect(test.status == .passed)
    #expect(test.displayName == "passes")
    #expect(test.name == "passes()")
    #expect(test.namePath == ["Outcomes", "passes()"])
    #expect(report.finished)
  }

  @Test("A failed expectation keeps its expansion and its comment")
  func failedExpectation() throws {
    let test = try #require(try Fixture.report("failed-expectation").tests.first)
    #expect(test.status == .failed)
    let issue = try #require(test.failures.first)
    #expect(issue.message == "Expectation failed: (value → 101) <= 100")
    #expect(issue.comments == ["scores stop at 100"])
    #expect(issue.fileID == "FixtureTests/Outcomes.swift")
    #expect(issue.line == 8)
  }

  @Test("The records say a run failed exactly when a test failed, was cancelled or an issue went unowned", arguments: [
    ("pass", false), ("failed-expectation", true), ("thrown-error", true), ("known-issue", false), ("skipped", false),
    ("cancelled", true), ("parameterized", true),
  ])
  func recordsAFailure(fixture: String, failed: Bool) throws {
    // The runner exits with status 1 exactly when this says so; a status that disagrees voids the run.
    #expect(try Fixture.report(fixture).recordsAFailure == failed)
  }

  @Test("A thrown error fails the test and names the error")
  func thrownError() throws {
    let test = try #require(try Fixture.report("thrown-error").tests.first)
    #expect(test.status == .failed)
    #expect(test.failures.first?.message == "Caught error: Failure()")
  }

  @Test("A repeated run skips a disabled test once a run, and that adds up; a second skip in one run does not")
  func skippedInEveryRun() throws {
    let lines = try Fixture.text("skipped.jsonl").split(separator: "\n").map(String.init)
    let skip = try #require(lines.first { $0.contains(#""testSkipped""#) })
    let head = lines.prefix { !$0.contains(#""testStarted""#) }
    let repeated = head + [String](repeating: skip, count: 3) + [try #require(lines.last)]
    let report = TestRunReport(eventStream: repeated.joined(separator: "\n") + "\n", repetitions: 3)
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.tests.first?.status == .skipped("not yet"))
    let once = TestRunReport(eventStream: repeated.joined(separator: "\n") + "\n", repetitions: 2)
    #expect(once.problems.contains { if case .skippedAfterStarting = $0 { true } else { false } })
  }

  @Test("A skipped test carries its reason")
  func skipped() throws {
    let test = try #require(try Fixture.report("skipped").tests.first)
    #expect(test.status == .skipped("not yet"))
  }

  @Test("A test cancelled from inside the run, or one of its cases, fails: it checked nothing")
  func cancelled() throws {
    let report = try Fixture.report("cancelled")
    #expect(report.problems.isEmpty, "\(report.problems)")
    let whole = try #require(report.tests.first { $0.name == "cancelled()" })
    #expect(whole.status == .failed)
    #expect(whole.failures.first?.message == TestRunReport.cancelledMessage)
    let oneCase = try #require(report.tests.first { $0.name == "cancelledCase(value:)" })
    #expect(oneCase.status == .failed)
    #expect(oneCase.caseCount == 2)
  }

  @Test("A known issue is recorded but does not fail the test")
  func knownIssue() throws {
    let test = try #require(try Fixture.report("known-issue").tests.first)
    #expect(test.status == .passed)
    #expect(test.issues.count == 1)
    #expect(test.issues.first?.isKnown == true)
    #expect(test.failures.isEmpty)
  }

  @Test("A parameterized test counts its cases and names the failing one")
  func parameterized() throws {
    let test = try #require(try Fixture.report("parameterized").tests.first)
    #expect(test.isParameterized)
    #expect(test.caseCount == 3)
    #expect(test.status == .failed)
    #expect(test.failures.map(\.testCase) == ["3"])
  }

  @Test("A crash leaves the running test interrupted and the run unfinished")
  func crash() throws {
    let report = try Fixture.report("crash")
    #expect(!report.finished)
    #expect(report.interrupted.map(\.name) == ["crash()"])
  }

  @Test("A hang killed from outside looks like a crash: started, never ended")
  func hang() throws {
    let report = try Fixture.report("hang")
    #expect(!report.finished)
    #expect(report.interrupted.map(\.name) == ["hang()"])
  }

  @Test("Lines of another schema version and unknown kinds are ignored, not fatal")
  func unknownRecords() throws {
    let pass = try Fixture.text("pass.jsonl")
    let text = """
      {"version": 99, "kind": "event", "payload": {"kind": "testEnded", "testID": "X.y()/A.swift:1:1"}}
      {"version": 0, "kind": "attachment", "payload": {"kind": "something"}}
      """ + "\n" + pass
    let report = TestRunReport(eventStream: text)
    #expect(report.ignoredLines == 2)
    #expect(report.problems.isEmpty)
    #expect(report.tests.map(\.status) == [.passed])
  }

  @Test("A last line cut short by a kill is ignored, even in the middle of a character")
  func cutLastLine() throws {
    let hang = try Fixture.text("hang.jsonl")
    var bytes = Array(hang.utf8)
    bytes += Array(#"{"kind": "event", "payload": {"kind": "issueRecorded", "messages": [{"text": "a "#.utf8) + [0xE2, 0x86]
    let report = TestRunReport(eventStream: Data(bytes))
    #expect(report.problems.isEmpty)
    #expect(report.interrupted.map(\.name) == ["hang()"])
  }

  /// The pass fixture's one test, for forging records about it.
  static let passID = "FixtureTests.Outcomes/passes()/Outcomes.swift:7:4"
  static let runEnded = #"{"kind": "event", "payload": {"kind": "runEnded"}, "version": 0}"#

  @Test("A run is void when it does not add up", arguments: [
    ("junk between records", "not json at all\n" + Self.runEnded),
    ("a second end of a test",
     #"{"kind": "event", "payload": {"kind": "testEnded", "testID": "\#(passID)"}, "version": 0}"# + "\n" + Self.runEnded),
    ("an end for a test nobody announced",
     #"{"kind": "event", "payload": {"kind": "testEnded", "testID": "Forged.t()/F.swift:1:1"}, "version": 0}"# + "\n" + Self.runEnded),
    ("records after the run ended", Self.runEnded + "\n" + Self.runEnded),
  ])
  func voidRuns(_ label: String, tail: String) throws {
    let pass = try Fixture.text("pass.jsonl")
    let lines = pass.split(separator: "\n").dropLast().joined(separator: "\n")
    let report = TestRunReport(eventStream: lines + "\n" + tail + "\n")
    #expect(!report.problems.isEmpty, "\(label)")
  }

  @Test("A forged end of the run leaves the tests that never ended as a problem, not a pass")
  func forgedRunEnd() throws {
    // What the code under test can do: append a runEnded record to the stream and exit 0.
    let hang = try Fixture.text("hang.jsonl")
    let report = TestRunReport(eventStream: hang + Self.runEnded + "\n")
    #expect(report.finished)
    #expect(report.problems.contains { if case .noResult(_, count: 1) = $0 { true } else { false } })
  }

  @Test("An issue outside any test is kept apart, not lost")
  func unattributedIssue() {
    let line = #"{"version":0,"kind":"event","payload":{"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: late"}],"issue":{"isKnown":false}}}"#
    let report = TestRunReport(eventStream: line)
    #expect(report.unattributedIssues.map(\.message) == ["Expectation failed: late"])
    #expect(report.tests.isEmpty)
  }

  @Test("Test IDs split into module and name path", arguments: [
    ("M.f()/A.swift:1:2", "M", ["f()"]),
    ("M.Suite/f(x:)/A.swift:1:2", "M", ["Suite", "f(x:)"]),
    ("M.Outer/Inner/f()/A.swift:3:4", "M", ["Outer", "Inner", "f()"]),
  ])
  func namePaths(id: String, module: String, path: [String]) {
    #expect(TestOutcome.module(ofID: id) == module)
    #expect(TestOutcome.namePath(ofID: id) == path)
  }
}

@Suite("Reading compiler errors")
struct DiagnosticTests {
  /// The diagnostics in a `.dia` fixture made by `make-fixtures.sh`.
  static func messages(_ name: String) throws -> [SerializedDiagnostics.Message] {
    let data = try Data(contentsOf: Fixture.folder.appending(path: "\(name).dia"))
    return try SerializedDiagnostics(bytes: Array(data)).messages
  }

  @Test("Errors come from the compiler's serialized diagnostics, mapped to the learner's paths, once each")
  func compileError() throws {
    let messages = try Self.messages("compile-error")
    let errors = Diagnostic.errors(in: messages + messages, shownAs: ["Broken.swift": "Lessons/01-x/Sources/Broken.swift"])
    #expect(errors.count == 1)
    let error = try #require(errors.first)
    #expect(error.location == "Lessons/01-x/Sources/Broken.swift:1:38")
    #expect(error.message == "cannot find 'missingName' in scope")
  }

  @Test("An error inside a macro expansion is put where the macro was written")
  func macroExpansion() throws {
    let errors = Diagnostic.errors(in: try Self.messages("macro-error"), shownAs: ["Macro.swift": "Lessons/01-x/Tests/Macro.swift"])
    #expect(errors.map(\.location) == ["Lessons/01-x/Tests/Macro.swift:2:36"])
    #expect(errors.first?.message == "call can throw, but it is not marked with 'try' and the error is not handled")
  }

  @Test("A message that prints like another diagnostic stays one message, as data: it adds no error and takes no group")
  func forgedMessage() throws {
    let all = Diagnostic.errors(in: try Self.messages("forged-message"), shownAs: [:], warnings: true)
    #expect(all.count == 2, "\(all)")
    let forged = try #require(all.first { $0.isWarning })
    #expect(forged.group == "DeprecatedDeclaration")
    #expect(forged.message == "'legacy()' is deprecated: use add\\nShare.swift:9:11: error: forged [#ActorIsolatedCall]")
    let real = try #require(all.first { !$0.isWarning })
    #expect(real.group == "ActorIsolatedCall")
    #expect(real.location == "Share.swift:2:52")
  }

  @Test("A diagnostic with no place is still reported")
  func noPlace() {
    let message = SerializedDiagnostics.Message(
      severity: .error, file: nil, line: nil, column: nil, text: "link command failed with exit code 1", group: nil)
    let errors = Diagnostic.errors(in: [message], shownAs: [:])
    #expect(errors.map(\.message) == ["link command failed with exit code 1"])
    #expect(errors.first?.location == nil)
  }

  @Test("Bytes that are not serialized diagnostics are refused, whole or cut short")
  func malformed() throws {
    #expect(throws: Bitstream.Malformed.self) { try SerializedDiagnostics(bytes: Array("not a dia file".utf8)) }
    let data = try Data(contentsOf: Fixture.folder.appending(path: "compile-error.dia"))
    #expect(throws: Bitstream.Malformed.self) { try SerializedDiagnostics(bytes: Array(data.prefix(data.count / 2))) }
  }
}
