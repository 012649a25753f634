@testable import GradeCatalog
@testable import GradeKit
import GradeResults
import GradeTestSupport
import Testing

/// How `grade check` reads a fixture's `fails` against what grading found.
@Suite("A fixture without a technique fails the check it names")
struct WithoutFixtureCheckTests {
  static let chaff = Chaff(name: "swaps-fields", misconception: "swaps the name and the email")

  @Test("A chaff is named by its folder, however it went uncaught", arguments: [
    Finding.chaffMissed(chaff),
    .chaffUndecided(chaff, reason: .flooded),
    .chaffNeedsMoreIssues(chaff, needed: 2, found: 1),
    .chaffCaughtOnlyByCrash(chaff),
  ])
  func chaffByName(finding: Finding) {
    #expect(Checker.finding(finding, isTheFailureOf: "swaps-fields"))
    #expect(!Checker.finding(finding, isTheFailureOf: "another-chaff"))
  }

  @Test("A fixture that names chaffs of its task runs only those bugs; one that names anything else runs every bug")
  func bugsRun() throws {
    let task = try #require(SampleLesson.lesson.tasks.first { if case .writeTests = $0.kind { true } else { false } })
    guard case .writeTests(let spec) = task.kind, spec.chaffs.count >= 2 else { Issue.record("the sample has two chaffs"); return }
    let (first, second) = (spec.chaffs[0], spec.chaffs[1])
    #expect(Checker.bugs(naming: first.name, in: task) == [VariantID(task: task.number, role: .chaff(first))])
    #expect(Checker.bugs(naming: "\(first.name) or \(second.name)", in: task)
      == [VariantID(task: task.number, role: .chaff(first)), VariantID(task: task.number, role: .chaff(second))])
    #expect(Checker.bugs(naming: "flakiness", in: task) == nil)
    #expect(Checker.bugs(naming: "\(first.name) or minimumCases", in: task) == nil, "a finding judged after the bugs needs them all")
    let implement = try #require(SampleLesson.lesson.tasks.first { if case .implement = $0.kind { true } else { false } })
    #expect(Checker.bugs(naming: first.name, in: implement) == nil)
  }

  @Test("A shape check is named by its catalog key, and by no other")
  func shapesByKey() {
    let cases: [(Finding, String)] = [
      (.tooFewCases(needed: 6, found: 2), "minimumCases"),
      (.wrongTags(tag: "slow", missing: ["a()"], extra: []), "tags"),
      (.shapeMissing(test: "a()", shape: .knownIssue, testMissing: false), "knownIssues"),
      (.shapeMissing(test: "a()", shape: .disabled, testMissing: false), "disabled"),
      (.shapeMissing(test: "a()", shape: .bug, testMissing: false), "bugs"),
    ]
    for (finding, key) in cases {
      #expect(Checker.finding(finding, isTheFailureOf: key), "\(finding) is \(key)")
      for other in LessonTask.Without.checkKinds.subtracting([key]) {
        #expect(!Checker.finding(finding, isTheFailureOf: other), "\(finding) is not \(other)")
      }
    }
  }

  @Test("A compile error or a refusal is never a chaff or a shape the fixture names")
  func otherFailuresAreNot() {
    let compilerChecks: Set<String> = ["compiles", "forbidden", "ThreadSanitizer", "solution", "views"]
    for name in LessonTask.Without.checkKinds.subtracting(compilerChecks).union(["swaps-fields"]) {
      #expect(!Checker.finding(.compileErrors([]), isTheFailureOf: name))
      #expect(!Checker.finding(.noLearnerTests, isTheFailureOf: name))
      #expect(!Checker.finding(.refused(Self.promise), isTheFailureOf: name))
    }
  }

  @Test("Tests that fail on the solution itself are the failure named solution; a flaky pass is not")
  func failingOnTheSolution() {
    let test = outcome("depositAddsToTheBalance()", module: "SuiteTraitsLearnerTests", suite: "LedgerTests", status: .failed, file: "LedgerTests.swift")
    #expect(Checker.finding(.failsOnWheat(test), isTheFailureOf: "solution"))
    #expect(Checker.finding(.crashesOnWheat(test, .printing("Fatal error")), isTheFailureOf: "solution"))
    #expect(!Checker.finding(.flaky(test, passed: 49, runs: 50), isTheFailureOf: "solution"))
  }

  static let promise = Refusal(rule: .uncheckedPromise, path: "Lessons/07-sending-and-sendable/Sources/Inbox.swift", line: 3, found: "@unchecked Sendable")
  static let diagnostic = Diagnostic(path: "Lessons/07-sending-and-sendable/Sources/Inbox.swift", line: 40, column: 5, message: "sending 'inbox' risks causing data races")

  @Test("A compiles task's fixture names the misuse by the file the catalog lists, the compiler's error, a forbidden promise or a data race")
  func compilerChecks() {
    let misuse = "Misuses/EditAfterPosting.swift"
    let shown = "Lessons/07-sending-and-sendable/Misuses/EditAfterPosting.swift"
    let accepted = Finding.misuseAccepted(path: shown, line: 9, code: "await post(letter, to: inbox)", group: "SendingRisksDataRace", explanation: nil)
    let otherwise = Finding.misuseRejectedOtherwise(path: shown, line: 9, group: "SendingRisksDataRace", said: [Self.diagnostic])
    for finding in [accepted, otherwise] {
      #expect(Checker.finding(finding, isTheFailureOf: misuse))
      #expect(!Checker.finding(finding, isTheFailureOf: "Misuses/ShareCounter.swift"))
      #expect(!Checker.finding(finding, isTheFailureOf: "EditAfterPosting.swift"), "a misuse is named from the lesson folder")
      #expect(!Checker.finding(finding, isTheFailureOf: "compiles"))
    }
    #expect(Checker.finding(.concurrencyDiagnostic(Self.diagnostic, explanation: nil), isTheFailureOf: "compiles"))
    #expect(Checker.finding(.compileErrors([Self.diagnostic]), isTheFailureOf: "compiles"))
    #expect(!Checker.finding(.concurrencyDiagnostic(Self.diagnostic, explanation: nil), isTheFailureOf: misuse))
    #expect(Checker.finding(.refused(Self.promise), isTheFailureOf: "forbidden"))
    #expect(Checker.finding(.refused(Refusal(rule: .leftBehind, path: "Lessons/09-traits-and-migration/Tests/LedgerTests.swift", line: 1, found: "XCTest")), isTheFailureOf: "forbidden"))
    #expect(!Checker.finding(.refused(Refusal(rule: .module, path: "Lessons/07-sending-and-sendable/Sources/Inbox.swift", line: 1, found: "Glibc")), isTheFailureOf: "forbidden"),
      "a module the lesson never allows is no promise the task forbids")
    let logic = Finding.refused(Refusal(rule: .logicInView, path: "Lessons/10-approachable-concurrency/Sources/CheckoutView.swift", line: 22, found: "?:"))
    #expect(Checker.finding(logic, isTheFailureOf: "views"))
    #expect(!Checker.finding(logic, isTheFailureOf: "forbidden"))
    #expect(!Checker.finding(.refused(Self.promise), isTheFailureOf: "views"))
    #expect(Checker.finding(.dataRace("WARNING: ThreadSanitizer: data race"), isTheFailureOf: "ThreadSanitizer"))
    #expect(!Checker.finding(.dataRace("WARNING: ThreadSanitizer: data race"), isTheFailureOf: "compiles"))
  }

  @Test("A fixture whose failure only a check not made here gives is said not provable here; any other missing failure is a breach")
  func notProvableHere() {
    let blind: [Check.Kind] = [.waitsForEvents]
    // Where every check is made (Linux), a missing failure is a breach, whatever it names.
    for name in ["solution", "flakiness", "compiles", "swaps-fields"] {
      #expect(Checker.verdict(fails: name, found: false, notCheckedHere: []) == .breach)
      #expect(Checker.verdict(fails: name, found: true, notCheckedHere: blind) == .proved)
    }
    // Without the wait watch, a test that waits for time no longer fails on the correct code.
    #expect(Checker.verdict(fails: "solution", found: false, notCheckedHere: blind) == .notProvableHere(blind))
    #expect(Checker.verdict(fails: "flakiness", found: false, notCheckedHere: blind) == .notProvableHere(blind))
    #expect(Checker.verdict(fails: "HitCounterTests or flakiness", found: false, notCheckedHere: blind) == .notProvableHere(blind))
    // Nothing the watch gives: still a breach on any machine.
    for name in ["compiles", "swaps-fields", "minimumCases", "HitCounterTests or ThreadSanitizer"] {
      #expect(Checker.verdict(fails: name, found: false, notCheckedHere: blind) == .breach, "\(name)")
    }
    // Every name a check gives is one a fixture may name.
    #expect(Checker.failureNames(givenBy: .waitsForEvents).isSubset(of: LessonTask.Without.checkKinds))
    #expect(Checker.failureNames(givenBy: .namedCases).isEmpty)
  }
}
