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
}
