import Testing
@testable import ApproachableConcurrency

// You are testing Basket (Sources/Basket.swift), and above all its totals():
// an Observations sequence that yields the total as the basket changes.
// Wait for values with a Recorder (Sources/Recorder.swift), which gives up
// after the time you give it, so a sequence that never yields fails your
// test instead of hanging it. No sleeps: the recorder says when to go on.

// Observations, behind totals(), is new in macOS 26 and iOS 26: put
// @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
// on each test that calls totals() (a suite cannot carry it), and on an older
// system Swift Testing skips that test, saying what it requires.

// TODO: One test per promise in the doc comments of total and totals().
@MainActor
@Suite("Basket totals")
struct BasketTests {
}
