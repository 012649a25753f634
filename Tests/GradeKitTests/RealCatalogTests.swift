import Foundation
@testable import GradeCatalog
@testable import GradeKit
import Testing

/// The workbook's own catalog, checked as `grade check` checks it, without building anything.
@Suite("The workbook's catalog")
struct RealCatalogTests {
  @Test("The real catalog keeps the format: every rule CatalogValidator holds, hint ladders included")
  func keepsTheFormat() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    let breaches = CatalogValidator.validate(workbook.catalog, tree: FileTree(root: workbook.root, folders: ["Lessons", "Solutions", "Tests"]))
    #expect(breaches.isEmpty, "\(breaches.map { "\($0.lesson ?? 0): \($0.message)" }.joined(separator: "\n"))")
  }

  @Test("README's lesson table gives each lesson its catalog's module and number of tasks")
  func readmeTableMatchesTheCatalog() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    let text = try String(contentsOf: HostileLab.repository.appending(path: "README.md"), encoding: .utf8)
    let header = "| # | Lesson | Module | Tasks | You learn to |"
    let start = try #require(text.range(of: header), "README.md has the lesson table")
    // The rows after the header and its divider, each cut into cells.
    let rows = text[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }.map { line in
      line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let expected = workbook.catalog.lessons.map { ["\($0.number)", "`\($0.module)`", "\($0.tasks.count)"] }
    let listed = rows.map { row in row.count >= 4 ? [row[0], row[2], row[3]] : row }
    #expect(listed == expected, "README.md's lesson table: number, module and task count of each lesson, in the catalog's order")
  }
}
