import Testing
@testable import ApproachableConcurrency

// You are testing Basket (Sources/Basket.swift), and above all its totals():
// an Observations sequence that yields the total as the basket changes.
// Wait for values with a Recorder (Sources/Recorder.swift), which gives up
// after the time you give it, so a sequence that never yields fails your
// test instead of hanging it. No sleeps: the recorder says when to go on.

// TODO: One test per promise in the doc comments of total and totals().
@MainActor
@Suite("Basket totals")
struct BasketTests {
}
