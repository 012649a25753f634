import GradeResults
import Testing

/// Counts said with their nouns.
@Suite("Counting")
struct CountTests {
  @Test("A count meets its noun in one place: 1 more issue, 1 of 1 small change, 2 breaches")
  func counts() {
    #expect(Count.words(1, "more issue") == "1 more issue")
    #expect(Count.words(0, "more issue") == "0 more issues")
    #expect(Count.part(1, of: 1, "small change") == "1 of 1 small change")
    #expect(Count.part(0, of: 3, "bug") == "0 of 3 bugs")
    #expect(Count.words(2, "breach", plural: "breaches") == "2 breaches")
  }
}
