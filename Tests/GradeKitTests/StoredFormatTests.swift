import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeKit
@testable import GradeResults
import GradeTestSupport
import Testing

/// What the grader stores about a result, pinned: a stored record is read back only by a
/// grader of the same `StoredFormat.version`, so any change to its shape must bump it.
@Suite("The stored format")
struct StoredFormatTests {
  /// The pinned sample of the current version: `Golden/stored-format-v<version>.json`.
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Golden/stored-format-v\(StoredFormat.version).json")

  /// One of every finding, in the order of `index(of:)`.
  static var everyFinding: [Finding] {
    let test = outcome("a()", status: .failed, issues: [IssueReport(message: "Expectation failed: 1 == 2", comments: ["why"], fileID: "M/A.swift", line: 3)])
    let diagnostic = Diagnostic(path: "Lessons/01-x/Sources/A.swift", line: 1, column: 2, message: "oops")
    let chaff = Chaff(name: "off-by-one", misconception: "counts from 0", minimumIssues: 2, mustNotCrash: true)
    let mutant = MutantChange(
      id: "73599f8ca21c", number: 2, declaration: "Account.withdraw(_:)", kind: .relationalOperator,
      quoted: "`balance >= amount` becomes `balance < amount`", location: "Lessons/08-x/Sources/Account.swift:59")
    return [
      .testFailed(test), .testCrashed(test, .printing("Fatal error")), .testSkipped(test, comment: "later"),
      .timedOut(running: [test], seconds: 10), .outputFlood(running: [test]), .compileErrors([diagnostic]), .waitsFor(files: ["A.swift"]),
      .unavailable(.releasedWithoutTask(testModule: "ExpectRequireLearnerTests")), .infrastructure(.error("no box")), .noCanonicalTests(["T"]), .rejectedFile(path: "A.swift", rejection: .symlink),
      .voidRun([.noResult(tests: ["a()"], count: 1)]), .runFailed(.printing("no start")), .abnormalExit(.exited(3)), .dataRace("WARNING: race"),
      .refused(Refusal(rule: .module, path: "A.swift", line: 1, found: "Glibc", allowed: ["Foundation"])), .unreadable(path: "A.swift"),
      .concurrencyDiagnostic(diagnostic, explanation: "why"),
      .misuseAccepted(path: "M.swift", line: 5, code: "x", group: "SendingRisksDataRace", explanation: nil),
      .misuseRejectedOtherwise(path: "M.swift", line: 5, group: "SendingRisksDataRace", said: [diagnostic]),
      .noLearnerTests, .wrongTags(tag: "slow", missing: ["a()"], extra: ["b()"]), .shapeMissing(test: "a()", shape: .knownIssue, testMissing: false),
      .failsOnWheat(test), .crashesOnWheat(test, .printing("Fatal error")), .flaky(test, passed: 3, runs: 4),
      .failsOnTimingWheat(test, .init(name: "late", description: "calls late")), .notRunAfterCrash(test), .tooFewCases(needed: 3, found: 1),
      .unnamedCases(test, example: "Case(a: 1)"), .chaffMissed(chaff), .chaffCaughtOnlyByCrash(chaff),
      .chaffUndecided(chaff, reason: .hung(tests: ["a()"], seconds: 10)), .chaffNeedsMoreIssues(chaff, needed: 2, found: 1), .notStarted,
      .overSpecified(test, .init(name: "newest-first", description: "lists users newest first")),
      .mutantSurvived(mutant), .mutantUndecided(mutant, reason: .flooded), .waitsForTime(test),
    ]
  }

  /// Each case's place in `everyFinding`: a new case does not compile until it has one, and a sample.
  static func index(of finding: Finding) -> Int {
    switch finding {
    case .testFailed: 0
    case .testCrashed: 1
    case .testSkipped: 2
    case .timedOut: 3
    case .outputFlood: 4
    case .compileErrors: 5
    case .waitsFor: 6
    case .unavailable: 7
    case .infrastructure: 8
    case .noCanonicalTests: 9
    case .rejectedFile: 10
    case .voidRun: 11
    case .runFailed: 12
    case .abnormalExit: 13
    case .dataRace: 14
    case .refused: 15
    case .unreadable: 16
    case .concurrencyDiagnostic: 17
    case .misuseAccepted: 18
    case .misuseRejectedOtherwise: 19
    case .noLearnerTests: 20
    case .wrongTags: 21
    case .shapeMissing: 22
    case .failsOnWheat: 23
    case .crashesOnWheat: 24
    case .flaky: 25
    case .failsOnTimingWheat: 26
    case .notRunAfterCrash: 27
    case .tooFewCases: 28
    case .unnamedCases: 29
    case .chaffMissed: 30
    case .chaffCaughtOnlyByCrash: 31
    case .chaffUndecided: 32
    case .chaffNeedsMoreIssues: 33
    case .notStarted: 34
    case .overSpecified: 35
    case .mutantSurvived: 36
    case .mutantUndecided: 37
    case .waitsForTime: 38
    }
  }

  /// A lesson result holding every finding, as the result cache and a learner record store it.
  static var sample: LessonResult {
    var result = LessonResult(lessonNumber: 1, tasks: [
      TaskResult(taskNumber: 1, checks: [Check(.test("a()")), Check(.passesOnSolution, findings: everyFinding, output: "printed")]),
      TaskResult(taskNumber: 2, checks: [Check(.catches(Chaff(name: "c", misconception: "code that counts from 1")))], bugsCaught: .init(caught: 1, total: 1), mutantsKilled: .init(caught: 2, total: 3)),
    ], seconds: 1.5, canonicalTestIDs: ["M.a()"])
    result.ignoredEdits = ["Tests/T.swift"]
    return result
  }

  static func encoded(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test("The sample holds one of every finding, in order")
  func everyCase() {
    #expect(Self.everyFinding.map(Self.index(of:)) == Array(0..<Self.everyFinding.count))
  }

  @Test("What is stored is what the golden file pins for this version; a change needs a new version")
  func pinned() throws {
    let now = try Self.encoded(Self.sample) + "\n"
    guard let pinned = try? String(contentsOf: Self.golden, encoding: .utf8) else {
      // Written only under a new version: a changed format cannot be pinned under the old number.
      if ProcessInfo.processInfo.environment["GRADE_UPDATE_GOLDEN"] == "1" {
        try Data(now.utf8).write(to: Self.golden)
      } else {
        Issue.record("no golden file for StoredFormat.version \(StoredFormat.version): run with GRADE_UPDATE_GOLDEN=1 to write it")
      }
      return
    }
    #expect(pinned == now, "the stored format changed: bump StoredFormat.version, then run with GRADE_UPDATE_GOLDEN=1 and delete the old golden file")
  }

  @Test("A result and a learner record round-trip; a record of another version is ignored, not misread")
  func roundTrip() throws {
    let data = Data(try Self.encoded(Self.sample).utf8)
    #expect(try JSONDecoder().decode(LessonResult.self, from: data) == Self.sample)

    let folder = FileManager.default.temporaryDirectory.appending(path: "stored-format-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let record = LearnerRecord(learner: "ada", fingerprint: "f", lessons: [.init(lesson: 1, slug: "x", result: Self.sample)])
    let file = folder.appending(path: record.fileName)
    try record.write(to: file)
    #expect(LearnerRecord.read(file) == record)
    let written = try String(contentsOf: file, encoding: .utf8)
    let older = written.replacingOccurrences(of: "\"version\" : \(StoredFormat.version)", with: "\"version\" : \(StoredFormat.version - 1)")
    #expect(older != written)
    try Data(older.utf8).write(to: file)
    #expect(LearnerRecord.read(file) == nil)

    let cached = folder.appending(path: "result.json")
    ResultCache.store(Self.sample, at: cached, fingerprint: "f")
    #expect(ResultCache.load(from: cached, fingerprint: "f") == Self.sample)
    let stale = try String(contentsOf: cached, encoding: .utf8)
      .replacingOccurrences(of: "\"version\":\(StoredFormat.version)", with: "\"version\":\(StoredFormat.version - 1)")
    try Data(stale.utf8).write(to: cached)
    #expect(ResultCache.latest(in: cached) == nil)
  }

  @Test("Every kept file is one envelope: a file of another version, kept for another key, or broken reads as nothing")
  func envelope() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "stored-file-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "kept.json")
    try StoredFile.write(["a": 1.5], to: file, key: "k")
    #expect(StoredFile<[String: Double]>.read(file, key: "k") == ["a": 1.5])
    #expect(StoredFile<[String: Double]>.read(file) == ["a": 1.5])
    #expect(StoredFile<[String: Double]>.read(file, key: "other") == nil)
    #expect(StoredFile<[String]>.read(file) == nil)
    let text = try String(contentsOf: file, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"version\":\(StoredFormat.version)", with: "\"version\":\(StoredFormat.version + 1)").utf8).write(to: file)
    #expect(StoredFile<[String: Double]>.read(file) == nil)
    try Data("{\"version\":\(StoredFormat.version),\"value\":".utf8).write(to: file)
    #expect(StoredFile<[String: Double]>.read(file) == nil)

    // The learner's state is kept the same way: hints of another version start again.
    let hints = HintStore(url: folder.appending(path: "hints.json"))
    let lesson = SampleLesson.lesson
    hints.markSeen(lesson.tasks[0], in: lesson, level: 2)
    #expect(hints.seen(lesson.tasks[0], in: lesson) == 2)
    let kept = try String(contentsOf: hints.url, encoding: .utf8)
    try Data(kept.replacingOccurrences(of: "\"version\":\(StoredFormat.version)", with: "\"version\":1").utf8).write(to: hints.url)
    #expect(hints.seen(lesson.tasks[0], in: lesson) == 0)
  }
}
