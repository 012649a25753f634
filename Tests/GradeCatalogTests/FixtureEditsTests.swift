@testable import GradeCatalog
import Testing

/// A fixture without a technique written as edits of the solution's file.
@Suite("Edits that take a technique out of a solution's file")
struct FixtureEditsTests {
  static let solution = """
    func total(of prices: [Int]) -> Int {
      // Every price counts.
      prices.reduce(0, +)
    }

    """

  @Test("Each block replaces the one place its text occurs; prose around the blocks is for the reader")
  func appliesEachBlock() throws {
    let edits = try FixtureEdits(parsing: """
      The first price is left out.
      <<< replace
        prices.reduce(0, +)
      === with
        prices.dropFirst().reduce(0, +)
      >>>
      And the comment goes.
      <<< replace
        // Every price counts.

      === with
      >>>
      """)
    #expect(edits.edits.count == 2)
    #expect(try edits.applied(to: Self.solution) == """
      func total(of prices: [Int]) -> Int {
        prices.dropFirst().reduce(0, +)
      }

      """)
  }

  @Test("A text that occurs nowhere, or more than once, is refused rather than applied somewhere")
  func refusesAnUncertainPlace() throws {
    let nowhere = try FixtureEdits(parsing: "<<< replace\n  prices.map(\\.self)\n=== with\n>>>\n")
    #expect(throws: FixtureEdits.Problem.self) { try nowhere.applied(to: Self.solution) }
    let twice = try FixtureEdits(parsing: "<<< replace\nprices\n=== with\nitems\n>>>\n")
    #expect {
      try twice.applied(to: Self.solution)
    } throws: { error in
      (error as? FixtureEdits.Problem)?.description.contains("2 times") == true
    }
  }

  @Test("A file with no block, a block left open, or a marker outside a block is refused", arguments: [
    "Only prose, no edit.\n",
    "<<< replace\nprices\n=== with\n",
    "=== with\nprices\n>>>\n",
    "<<< replace\n=== with\nprices\n>>>\n",
  ])
  func refusesMalformedFiles(text: String) {
    #expect(throws: FixtureEdits.Problem.self) { try FixtureEdits(parsing: text) }
  }
}
