import Testing
@testable import ExpectRequire

// You are testing Counter
// (Lessons/01-expect-and-require/Sources/Counter.swift): it counts up to a
// limit and throws a CounterError for a step it refuses. Your tests are graded
// against copies of Counter that each hide one bug, several of them in the
// errors it throws or in what it does to `value` when it throws.

@Suite("Counter")
struct CounterTests {
  // TODO: Add @Test functions for the steps Counter accepts and the steps it
  // refuses. Use `#expect(throws:)` with the exact CounterError value, check
  // `value` after every refused step (a negative one too), and use
  // `throws: Never.self` for a step that must be accepted.
}
