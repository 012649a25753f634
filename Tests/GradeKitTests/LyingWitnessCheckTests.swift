import Foundation
import GradeBox
import GradeBuild
@testable import GradeCatalog
@testable import GradeKit
import Testing

/// `grade check`'s proof that an implement task's canonical tests decide by means the lesson
/// owns, on a copy of lesson 1 whose solution gains a type its canonical tests compare.
@Suite("A canonical test that decides through a learner's conformance fails the check", .tags(.slow))
struct LyingWitnessCheckTests {
  /// A copy of lesson 1 in which `ScoreValidator.swift` also declares `Grade`, and a canonical
  /// test of task 1 checks `ScoreValidator.grade(for:)` with `comparison`.
  static func workbook(comparing comparison: String, at root: URL) throws -> Workbook {
    let manager = FileManager.default
    let book = root.appending(path: "workbook")
    for part in ["Lessons/01-expect-and-require", "Solutions/01-expect-and-require", "Tests/ExpectRequireTests"] {
      try manager.createDirectory(at: book.appending(path: part).deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(at: HostileLab.repository.appending(path: part), to: book.appending(path: part))
    }
    let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: HostileLab.repository.appending(path: "Lessons/catalog.json"))) as! [String: Any]
    let one = ["version": catalog["version"]!, "lessons": [(catalog["lessons"] as! [[String: Any]])[0]]] as [String: Any]
    try JSONSerialization.data(withJSONObject: one).write(to: book.appending(path: "Lessons/catalog.json"))
    let source = book.appending(path: "Solutions/01-expect-and-require/Sources/ScoreValidator.swift")
    try (String(contentsOf: source, encoding: .utf8) + """

      /// A pass or a fail.
      public struct Grade: Hashable, CustomStringConvertible {
        /// Whether the score passes.
        public var passed: Bool
        public var description: String { passed ? "pass" : "fail" }
      }

      extension ScoreValidator {
        /// Whether `score` passes: 50 or more.
        public static func grade(for score: Int) -> Grade { Grade(passed: score >= 50) }
      }

      """).write(to: source, atomically: true, encoding: .utf8)
    let tests = book.appending(path: "Tests/ExpectRequireTests/ScoreValidatorTests.swift")
    try (String(contentsOf: tests, encoding: .utf8) + """

      extension ScoreValidatorTests {
        @Test("A score of 50 passes")
        func fiftyPasses() {
          \(comparison)
        }
      }

      """).write(to: tests, atomically: true, encoding: .utf8)
    return try Workbook.load(at: book)
  }

  /// The breaches the proof finds in lesson 1 of a workbook whose new test checks with `comparison`.
  static func breaches(comparing comparison: String) throws -> [Breach] {
    let root = FileManager.default.temporaryDirectory.appending(path: "grade-lies-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let workbook = try workbook(comparing: comparison, at: root)
    let grader = Grader(workbook: workbook, state: StateFolder(root: root.appending(path: "state")), limits: BoxLimits(seconds: 20), useCache: false)
    let checker = Checker(workbook: workbook, grader: grader, progress: { _ in })
    return checker.checkLyingWitnesses(of: workbook.catalog.lessons[0])
  }

  @Test("A test that compares a learner's value by its description fails the check; one that compares a field passes it")
  func descriptionIsCaught() throws {
    let throughDescription = try Self.breaches(comparing: #"#expect("\(ScoreValidator.grade(for: 50))" == "pass")"#)
    #expect(throughDescription.count == 1, "\(throughDescription)")
    #expect(throughDescription.first?.message.contains("decides through a conformance the learner's file may write") == true, "\(throughDescription)")
    let throughField = try Self.breaches(comparing: "#expect(ScoreValidator.grade(for: 50).passed)")
    #expect(throughField.isEmpty, "\(throughField)")
  }
}
