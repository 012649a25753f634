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
    let header = "| Technique | Taught in | Practised by | Fails without it |"
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
    let practised = rows.map { $0.count == 4 ? $0[2] : "" }
    for lesson in workbook.catalog.lessons {
      for task in lesson.tasks {
        let name = "\(lesson.number).\(task.number)"
        let pattern = try Regex("(^|[^0-9.])\(lesson.number)\\.\(task.number)([^0-9]|$)")
        #expect(practised.contains { $0.contains(pattern) }, "task \(name), \(task.title), practises nothing in the table")
      }
    }
    for row in rows {
      #expect(row.count == 4 && !row[2].isEmpty, "\(row.first ?? "a row") says where it is taught and practised, or **not practised**")
      #expect(row.count == 4 && !row[3].isEmpty, "\(row.first ?? "a row") says which check fails without it, or that nothing does")
    }
  }

  @Test("A row is proved by a fixture the catalog names, and every fixture proves a row with the check it names")
  func everyProofIsAFixture() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    let cells = try rows().compactMap { $0.count == 4 ? $0[3] : nil }
    var fixtures: [String: LessonTask.Without] = [:]
    for lesson in workbook.catalog.lessons {
      for task in lesson.tasks {
        for fixture in task.without { fixtures["\(lesson.number).\(task.number) without \(fixture.name)"] = fixture }
      }
    }
    let named = try Regex("`([0-9]+\\.[0-9]+ without [a-z0-9-]+)`")
    let cited = cells.flatMap { cell in cell.matches(of: named).compactMap { $0.output[1].substring.map(String.init) } }
    for proof in cited {
      #expect(fixtures[proof] != nil, "the table cites `\(proof)`, which the catalog does not name")
    }
    for (proof, fixture) in fixtures.sorted(by: { $0.key < $1.key }) {
      let cell = cells.first { $0.contains("`\(proof)`") }
      #expect(cell != nil, "the catalog's fixture \(proof) proves no row of the table")
      for fails in fixture.failing {
        #expect(cell?.contains(fails) ?? true, "the row proved by \(proof) does not name the check it fails, \(fails)")
      }
    }
  }
}
