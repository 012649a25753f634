@testable import GradeCatalog
@testable import GradeKit
import GradeResults
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

  @Test("A compile error or a refusal is never the check a fixture names")
  func otherFailuresAreNot() {
    for name in LessonTask.Without.checkKinds.union(["swaps-fields"]) {
      #expect(!Checker.finding(.compileErrors([]), isTheFailureOf: name))
      #expect(!Checker.finding(.noLearnerTests, isTheFailureOf: name))
    }
  }
}
