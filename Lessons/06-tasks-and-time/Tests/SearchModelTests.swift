import Testing
@testable import TaskTesting

// You test `SearchModel` (Sources/SearchModel.swift) on your `TestClock`.
// The pattern: act, `try await clock.waitForSleepers()` so the model has
// reached its sleep, `clock.advance(by:)`, then read `clock.sleeperCount`
// (who is still waiting) or await `model.searchTask?.value` (it has woken).
// A keystroke you typed over: keep its task (`model.searchTask`, right after
// typing) and await it once the clock has passed its deadline.

@Suite("SearchModel")
@MainActor
struct SearchModelTests {
  let clock: TestClock
  let spy: SearchSpy
  let model: SearchModel

  // Swift Testing makes a new instance of the suite for every test, so each
  // test gets its own clock, spy and model, made once and shared by
  // everything the test does.
  init() {
    clock = TestClock()
    spy = SearchSpy()
    model = SearchModel(delay: .milliseconds(300), clock: clock, search: spy.search)
  }

  // TODO: Add tests that pin down the debounce: nothing is searched before
  // the query has been still for the whole delay, quick typing searches only
  // the last query, once, every keystroke restarts the wait, and `results`
  // become what the last search found.
}
