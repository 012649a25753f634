import Testing
@testable import ParameterizedTesting

// A discount code takes a percentage off a price: `Discount.apply(percent:to:)`
// in Lessons/02-parameterized-tests/Sources/Discount.swift. Prices are in
// cents; read its doc comment for how it rounds and what it does with
// percentages below 0 or above 100. Your tests pass on that code; the grader
// then runs them against copies with one plausible bug each, and each copy must
// make one of your tests fail.

/// One price, one percentage and what the customer pays, named so that a
/// failing case reads "10% off 1005¢ → 904¢".
struct DiscountCase: Encodable, Sendable {
  /// The price before the discount, in cents.
  let price: Int
  /// The percentage the code takes off.
  let percent: Int
  /// What the customer pays, in cents.
  let expected: Int
}

@Suite("Discount codes")
struct DiscountTests {
  // Half a cent is where rounding mistakes show, so most cases land on or near
  // one: 100.5 and 101.5 cents tell rounding half up from rounding to even and
  // from rounding the price instead of the discount, and 10.49 cents, just
  // under half, tells it from rounding up a little too early.
  @Test("A discount is rounded to the nearest cent, half a cent to the customer", arguments: [
    DiscountCase(price: 2_000, percent: 25, expected: 1_500),
    DiscountCase(price: 1_999, percent: 10, expected: 1_799),
    DiscountCase(price: 1_999, percent: 15, expected: 1_699),
    DiscountCase(price: 1_005, percent: 10, expected: 904),
    DiscountCase(price: 1_015, percent: 10, expected: 913),
    DiscountCase(price: 1_049, percent: 1, expected: 1_039),
  ])
  func rounding(discount: DiscountCase) {
    let expected = discount.expected
    #expect(Discount.apply(percent: discount.percent, to: discount.price) == expected)
  }

  @Test("A percentage outside 0 to 100 is held at the nearest end", arguments: [
    DiscountCase(price: 999, percent: -10, expected: 999),
    DiscountCase(price: 999, percent: 0, expected: 999),
    DiscountCase(price: 999, percent: 100, expected: 0),
    DiscountCase(price: 999, percent: 150, expected: 0),
  ])
  func outOfRange(discount: DiscountCase) {
    let expected = discount.expected
    #expect(Discount.apply(percent: discount.percent, to: discount.price) == expected)
  }
}
