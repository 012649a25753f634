import Foundation
@testable import GradeKit

/// Reads the files in `Tests/GradeKitTests/Fixtures`, made by `make-fixtures.sh`.
enum Fixture {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures")

  static func text(_ name: String) throws -> String {
    try String(contentsOf: folder.appending(path: name), encoding: .utf8)
  }

  static func report(_ name: String) throws -> TestRunReport {
    TestRunReport(eventStream: try text("\(name).jsonl"))
  }
}

/// A small lesson to grade and render, built the way the catalog file spells one.
enum SampleLesson {
  static let json = """
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
         ]}
      ]}
    ]}
    """

  static var catalog: Catalog { try! JSONDecoder().decode(Catalog.self, from: Data(json.utf8)) }
  static var lesson: Lesson { catalog.lessons[0] }
}

/// Builds test outcomes in a line.
func outcome(
  _ name: String, module: String = "ExpectRequireTests", suite: String? = "ScoreValidatorTests",
  status: TestOutcome.Status = .passed, issues: [IssueReport] = [], cases: Int = 0, file: String = "ScoreValidatorTests.swift"
) -> TestOutcome {
  let path = suite.map { "\($0)/\(name)" } ?? name
  return TestOutcome(
    id: "\(module).\(path)/\(file):10:4", name: name, displayName: name, fileID: "\(module)/\(file)", line: 10,
    isParameterized: cases > 0, caseCount: cases, status: status, issues: issues)
}
