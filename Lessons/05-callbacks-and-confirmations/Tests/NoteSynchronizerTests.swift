import Synchronization
import Testing
@testable import CallbackTesting

// You are testing NoteSynchronizer (Sources/NoteSynchronizer.swift): it
// reports through two callbacks, later, from another task. Your tests are
// graded against copies that each hide one bug, and run many times against
// correct copies whose callbacks come sooner or later than the real one's.
// A test that guesses how long to wait fails there: wait for the events.

@Suite("NoteSynchronizer")
struct NoteSynchronizerTests {
  // TODO: Add @Test functions for every promise in NoteSynchronizer's doc
  // comment: the progress calls, the result, what happens after a failure,
  // and the order of the callbacks. Wait for `onComplete` with
  // `awaitCallback(timeout:)`, never with a sleep or a few `Task.yield()`s.
}
