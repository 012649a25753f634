import Testing
@testable import TaskTesting

// You test `SearchModel` (Sources/SearchModel.swift) on your `TestClock`.
// The pattern: act, `try await clock.waitForSleepers()` so the model has
// reached its sleep, `clock.advance(by:)`, then read `clock.sleeperCount`
// (who is still waiting) or await `model.searchTask?.value` (it has woken).

@Suite("SearchModel")
@MainActor
struct SearchModelTests {
  let clock = TestClock()
  let spy = SearchSpy()

  var model: SearchModel {
    SearchModel(delay: .milliseconds(300), clock: clock, search: spy.search)
  }

  // TODO: Add tests that pin down the debounce: nothing is searched before
  // the query has been still for the whole delay, quick typing searches only
  // the last query, once, and every keystroke restarts the wait.
}
