import Testing
@testable import ParameterizedTesting

// Orders ship free from €50.00 at home and from €100.00 to the rest of Europe,
// and never to the rest of the world: `FreeShipping.qualifies(subtotal:to:)` in
// Lessons/02-parameterized-tests/Sources/FreeShipping.swift. Subtotals are in
// cents. Your tests pass on that code; the grader then runs them against copies
// with one plausible bug each, and each copy must make one of your tests fail.
@Suite("Free shipping")
struct FreeShippingTests {
  // Two collections run every combination, 2 zones × 3 subtotals = 6 cases, so
  // a rule that forgets one of the zones fails for every subtotal.
  @Test("A big order ships free at home and in Europe",
        arguments: [Zone.domestic, .europe])
  func bigOrderShipsFree(zone: Zone) {
    #expect(FreeShipping.qualifies(subtotal: 10_000, to: zone))
  }

  // Each threshold belongs to one zone, so each zone has its own test, and
  // zip pairs each subtotal with the answer expected for it: one case per
  // pair, a cent below and exactly at the threshold, never a subtotal with
  // another's answer.
  @Test("An order at the home threshold ships free, a cent less does not",
        arguments: zip([4_999, 5_000], [false, true]))
  func homeThreshold(subtotal: Int, expected: Bool) {
    #expect(FreeShipping.qualifies(subtotal: subtotal, to: .domestic) == expected)
  }

  @Test("An order at the Europe threshold ships free, a cent less does not",
        arguments: zip([9_999, 10_000], [false, true]))
  func europeThreshold(subtotal: Int, expected: Bool) {
    #expect(FreeShipping.qualifies(subtotal: subtotal, to: .europe) == expected)
  }

  @Test("Nothing ships free to the rest of the world", arguments: [0, 5_000, 10_000, 1_000_000])
  func worldNeverShipsFree(subtotal: Int) {
    #expect(!FreeShipping.qualifies(subtotal: subtotal, to: .world))
  }
}
