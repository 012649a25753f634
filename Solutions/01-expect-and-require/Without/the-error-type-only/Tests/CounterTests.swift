import Testing
@testable import ExpectRequire

// You are testing Counter
// (Lessons/01-expect-and-require/Sources/Counter.swift): it counts up to a
// limit and throws a CounterError for a step it refuses. Your tests are graded
// against copies of Counter that each hide one bug, several of them in the
// errors it throws or in what it does to `value` when it throws.

@Suite("Counter")
struct CounterTests {
  // Each refused step is checked against the exact CounterError value, since
  // `throws: CounterError.self` alone accepts any case with any payload.

  @Test("A step that lands exactly on the limit is accepted")
  func acceptsStepOntoLimit() {
    var counter = Counter(limit: 10)
    let expected = 10
    #expect(throws: Never.self) { try counter.increment(by: 10) }
    #expect(counter.value == expected)
  }

  @Test("A step of zero is not negative: it is accepted and changes nothing")
  func acceptsZeroStep() {
    var counter = Counter(limit: 10)
    #expect(throws: Never.self) { try counter.increment(by: 0) }
    #expect(counter.value == 0)
  }

  @Test("A step past the limit throws wouldPassLimit carrying the limit")
  func refusesStepPastLimit() {
    var counter = Counter(limit: 10)
    #expect(throws: CounterError.self) {
      try counter.increment(by: 11)
    }
  }

  @Test("A refused step leaves the value as it was")
  func refusedStepKeepsValue() throws {
    var counter = Counter(limit: 10)
    try counter.increment(by: 8)
    #expect(throws: CounterError.self) { try counter.increment(by: 3) }
    #expect(counter.value == 8, "a refused step must not be counted")
  }

  @Test("A negative step throws negativeStep carrying the step")
  func refusesNegativeStep() throws {
    var counter = Counter(limit: 10)
    let input = -1
    // `#require(throws:)` stops here if nothing is thrown, and returns the
    // error itself, not an optional.
    #expect(throws: CounterError.self) {
      try counter.increment(by: input)
    }
    #expect(counter.value == 0)
  }
}
