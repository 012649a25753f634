import Foundation
@testable import GradeCatalog
@testable import GradeKit
import Testing

/// CONTRIBUTING.md's coverage table, read against the catalog it describes.
@Suite("The coverage table in CONTRIBUTING.md")
struct CoverageTableTests {
  /// The table's rows after its header, cut into cells.
  func rows() throws -> [[String]] {
    let text = try String(contentsOf: HostileLab.repository.appending(path: "CONTRIBUTING.md"), encoding: .utf8)
    let header = "| Technique | Taught in | Practised by |"
    let start = try #require(text.range(of: header), "CONTRIBUTING.md has the coverage table")
    return text[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }.map { line in
      line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  @Test("Every graded task practises something the table names, and every row says where it is practised")
  func everyTaskIsListed() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    let rows = try rows()
    #expect(rows.count > 20)
    let practised = rows.map { $0.count == 3 ? $0[2] : "" }
    for lesson in workbook.catalog.lessons {
      for task in lesson.tasks {
        let name = "\(lesson.number).\(task.number)"
        let pattern = try Regex("(^|[^0-9.])\(lesson.number)\\.\(task.number)([^0-9]|$)")
        #expect(practised.contains { $0.contains(pattern) }, "task \(name), \(task.title), practises nothing in the table")
      }
    }
    for row in rows {
      #expect(row.count == 3 && !row[2].isEmpty, "\(row.first ?? "a row") says where it is taught and practised, or **not practised**")
    }
  }
}
