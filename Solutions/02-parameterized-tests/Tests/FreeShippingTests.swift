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
        arguments: [Zone.domestic, .europe], [10_000, 10_001, 1_000_000])
  func bigOrderShipsFree(zone: Zone, subtotal: Int) {
    #expect(FreeShipping.qualifies(subtotal: subtotal, to: zone))
  }

  // Each threshold belongs to one zone, so the cases are written as tuples
  // rather than as a product, one cent below and exactly at each threshold.
  @Test("An order at its zone's threshold ships free, a cent less does not", arguments: [
    (Zone.domestic, 4_999, false),
    (.domestic, 5_000, true),
    (.europe, 9_999, false),
    (.europe, 10_000, true),
  ])
  func threshold(zone: Zone, subtotal: Int, expected: Bool) {
    #expect(FreeShipping.qualifies(subtotal: subtotal, to: zone) == expected)
  }

  @Test("Nothing ships free to the rest of the world", arguments: [0, 5_000, 10_000, 1_000_000])
  func worldNeverShipsFree(subtotal: Int) {
    #expect(!FreeShipping.qualifies(subtotal: subtotal, to: .world))
  }
}
