import Foundation
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeFeedback
@testable import GradeJudge
@testable import GradeResults
@testable import GradeRun

/// A small lesson to grade and render, built the way the catalog file spells one.
package enum SampleLesson {
  package static let json = """
    {"version": 1, "lessons": [
      {"slug": "expect-and-require", "title": "Expecting and requiring", "module": "ExpectRequire", "tasks": [
        {"title": "Make the validator throw", "kind": "implement", "files": ["Sources/ScoreValidator.swift"],
         "tests": ["ScoreValidatorTests"], "hints": ["Read the tests first.", "Throw ScoreError.outOfRange(score)."]},
        {"title": "Test the user store", "kind": "write-tests", "files": ["Tests/UserStoreTests.swift"],
         "hints": ["One test per promise.", "Use try #require to unwrap."], "minimumCases": 3,
         "chaffs": [
           {"name": "nil-for-known", "misconception": "finds nobody for a user that exists", "mustNotCrash": true},
           {"name": "swapped-fields", "misconception": "swaps the name and the email", "minimumIssues": 2},
           {"name": "off-by-one", "misconception": "numbers users from 0"}
         ],
         "wheatsWaived": "the sample store's contract leaves no freedom"}
      ]}
    ]}
    """

  package static var catalog: Catalog { try! JSONDecoder().decode(Catalog.self, from: Data(json.utf8)) }
  package static var lesson: Lesson { catalog.lessons[0] }
}

/// Builds test outcomes in a line.
package func outcome(
  _ name: String, module: String = "ExpectRequireTests", suite: String? = "ScoreValidatorTests",
  status: TestOutcome.Status = .passed, issues: [IssueReport] = [], cases: Int = 0, file: String = "ScoreValidatorTests.swift"
) -> TestOutcome {
  let path = suite.map { "\($0)/\(name)" } ?? name
  return TestOutcome(
    id: "\(module).\(path)/\(file):10:4", name: name, displayName: name, fileID: "\(module)/\(file)", line: 10,
    isParameterized: cases > 0, caseCount: cases, status: status, issues: issues)
}

extension Finding {
  /// The finding in words, as a report without colour gives it.
  package var plainText: String { words(in: Wording(lesson: SampleLesson.lesson)).text }
}

extension TaskResult {
  /// A task that passed its one check.
  package static func passed(_ number: Int) -> TaskResult { TaskResult(taskNumber: number, checks: [Check(.test("everything"))]) }

  /// A task whose one check found `findings`.
  package static func failing(_ number: Int, _ findings: [Finding], bugsCaught: BugCount? = nil) -> TaskResult {
    TaskResult(taskNumber: number, checks: [Check(.test("everything"), findings: findings)], bugsCaught: bugsCaught)
  }
}

extension TaskEvaluator {
  /// Grades a write-tests task from runs given in the catalog's order of its chaffs and timing wheats.
  package static func writeTests(
    _ task: LessonTask, spec: LessonTask.WriteTests, wheat: JobResult, chaffs: [JobResult],
    timingWheats: [(LessonTask.Wheat, JobResult)] = [], repeated: [JobResult] = [], lateEvents: JobResult? = nil, ownedFiles: Set<String>,
    traits: [String: Set<String>] = [:]
  ) -> TaskResult {
    writeTests(
      task, spec: spec,
      runs: VariantRuns(
        solution: wheat, chaffs: Array(zip(spec.chaffs, chaffs)), timingWheats: timingWheats, repeated: repeated, lateEvents: lateEvents),
      ownedFiles: ownedFiles, traits: traits)
  }
}
