import Testing
@testable import SuiteTraits

// You are testing Percent and split(_:into:) (Sources/Percent.swift). A
// percentage outside 0...100, or a split into no parts, is a programming
// error: the code must stop the program, not carry on with a made-up value.
// Your tests are graded against copies that carry on, or stop on good input.

@Suite("Percent and split")
struct PercentTests {
  // TODO: Test that Percent(101), Percent(-1) and split(_, into: 0) stop the
  // process, with `await #expect(processExitsWith: .failure) { ... }`, and that
  // the edges 0 and 100 and a real split do not; then what of(_:) and split
  // return for good input, as their doc comments promise. A parameter goes in
  // the closure's capture list as it is, `[value]`; a local variable needs its
  // type there, `[value = value as Int]`.
}
