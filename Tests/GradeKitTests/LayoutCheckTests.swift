import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeKit
import Testing

/// `grade check`'s rule that every program of a write-tests task is laid out alike.
@Suite("Every program of a task laid out alike")
struct LayoutCheckTests {
  typealias Section = ProgramSections.Section

  /// A solution's layout: two sections, and one type's metadata and descriptor.
  static let solution = ProgramLayout(
    sections: ProgramSections(sections: [Section(name: ".rodata", address: 0x3000, size: 0x100), Section(name: ".data", address: 0x8000, size: 0x40)]),
    types: ["$s3Lab4UserVMn": 0x3000, "$s3Lab4UserVN": 0x8010])

  @Test("A chaff, a mutant or a wheat laid out unlike the solution is a breach that says where; one laid out alike, however full its sections, is none")
  func differentLayoutIsABreach() {
    let chaff = VariantID(task: 2, role: .chaff(Chaff(name: "drops-the-name", misconception: "drops the user's name")))
    let wheat = VariantID(task: 2, role: .wheat(LessonTask.Wheat(name: "keeps-a-copy", description: "keeps a copy of each user")))
    var fuller = Self.solution
    fuller.sections.sections[0].size = 0x180
    var moved = Self.solution
    moved.types["$s3Lab4UserVN"] = 0x8018
    var elsewhere = Self.solution
    elsewhere.sections.sections[1].address = 0x9000

    // A type only the variant declares is one no test can name, placed after the solution's types.
    var helper = Self.solution
    helper.types["$s3Lab7Counter33_186E0E9393E7C95E00FA803F21D37954LLCMf"] = 0x8100
    #expect(Checker.layoutBreaches(of: 2, solution: Self.solution, programs: [(chaff, fuller), (wheat, helper)], lesson: 1).isEmpty)
    var lacking = Self.solution
    lacking.types["$s3Lab4UserVMn"] = nil
    #expect(Checker.layoutBreaches(of: 2, solution: Self.solution, programs: [(chaff, lacking)], lesson: 1).map(\.message) == [
      "task 2: code that drops the user's name's program is laid out unlike the solution's, so a test could tell them apart by an address: $s3Lab4UserVMn is at no address, not 0x3000"
    ])
    let breaches = Checker.layoutBreaches(of: 2, solution: Self.solution, programs: [(chaff, moved), (wheat, elsewhere)], lesson: 1)
    #expect(breaches == [
      Breach(
        lesson: 1,
        "task 2: code that drops the user's name's program is laid out unlike the solution's, so a test could tell them apart by an address: $s3Lab4UserVN is at 0x8018, not 0x8010"),
      Breach(
        lesson: 1,
        "task 2: correct code that keeps a copy of each user's program is laid out unlike the solution's, so a test could tell them apart by an address: section .data starts at 0x9000, not 0x8000"),
    ])
  }
}
