import Testing
@testable import ParameterizedTesting

// A discount code takes a percentage off a price: `Discount.apply(percent:to:)`
// in Lessons/02-parameterized-tests/Sources/Discount.swift. Prices are in
// cents; read its doc comment for how it rounds and what it does with
// percentages below 0 or above 100. Your tests pass on that code; the grader
// then runs them against copies with one plausible bug each, and each copy must
// make one of your tests fail.
@Suite("Discount codes")
struct DiscountTests {
  // TODO: Write a parameterized test that runs at least 5 cases, each a price,
  // a percentage and the price you expect to pay, with readable case names.
}
