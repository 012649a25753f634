import Testing
@testable import ParameterizedTesting

// Orders ship free from €50.00 at home and from €100.00 to the rest of Europe,
// and never to the rest of the world: `FreeShipping.qualifies(subtotal:to:)` in
// Lessons/02-parameterized-tests/Sources/FreeShipping.swift. Subtotals are in
// cents. Your tests pass on that code; the grader then runs them against copies
// with one plausible bug each, and each copy must make one of your tests fail.
@Suite("Free shipping")
struct FreeShippingTests {
  // TODO: Write a parameterized test that runs at least 6 cases, for example
  // every combination of the zones that ship free and subtotals of €100.00 or
  // more; then a test per zone of its threshold, whose cases zip the
  // subtotals with the answers expected; then the rest of the world.
}
