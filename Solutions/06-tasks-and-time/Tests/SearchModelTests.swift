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

  @Test("Nothing is searched until the query has been still for the whole delay")
  func waitsForTheDelay() async throws {
    model.queryChanged("s")
    try await clock.waitForSleepers()

    clock.advance(by: .milliseconds(299))
    #expect(clock.sleeperCount == 1)
    #expect(spy.queries.isEmpty)

    clock.advance(by: .milliseconds(1))
    await model.searchTask?.value
    #expect(spy.queries == ["s"])
    #expect(model.results == ["s result"])
  }

  @Test("Quick typing searches only the last query, once")
  func searchesTheLastQueryOnce() async throws {
    // Three keystrokes 100 ms apart: each comes before the one before it has
    // been still for 300 ms. Wait for each to be asleep before moving time.
    model.queryChanged("s")
    let first = try #require(model.searchTask)
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(100))
    model.queryChanged("sw")
    let second = try #require(model.searchTask)
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(100))
    model.queryChanged("swi")
    try await clock.waitForSleepers()

    // The deadline "s" would have had, had nobody typed after it: once its
    // task has ended, whatever it was going to do is done. `#require` stops
    // the test here if it searched: later waits would be for a model that
    // no longer does what the test expects.
    clock.advance(by: .milliseconds(100))
    await first.value
    try #require(spy.queries.isEmpty, "\"s\" was searched although \"sw\" followed it within the delay")

    clock.advance(by: .milliseconds(100))  // Where "sw"'s deadline would have been.
    await second.value
    try #require(spy.queries.isEmpty, "\"sw\" was searched although \"swi\" followed it within the delay")

    clock.advance(by: .milliseconds(100))  // 300 ms after "swi".
    await model.searchTask?.value
    #expect(spy.queries == ["swi"])
  }

  @Test("Each keystroke restarts the wait")
  func keystrokeRestartsTheWait() async throws {
    model.queryChanged("s")
    let first = try #require(model.searchTask)
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(200))

    model.queryChanged("sw")
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(200))  // 400 ms after "s", 200 ms after "sw".
    await first.value                      // Past its deadline: "s" is done with.
    try #require(spy.queries.isEmpty)
    #expect(clock.sleeperCount == 1)       // "sw" is still waiting.

    clock.advance(by: .milliseconds(100))
    await model.searchTask?.value
    #expect(spy.queries == ["sw"])
  }

  @Test("A new search replaces the results of the one before")
  func resultsAreTheLastSearchOnly() async throws {
    model.queryChanged("swift")
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(300))
    await model.searchTask?.value
    #expect(model.results == ["swift result"])

    model.queryChanged("swiftui")
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(300))
    await model.searchTask?.value
    #expect(model.results == ["swiftui result"])
  }
}
