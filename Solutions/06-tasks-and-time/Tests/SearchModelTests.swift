import Testing
@testable import TaskTesting

// You test `SearchModel` (Sources/SearchModel.swift) on your `TestClock`.
// The pattern: act, `try await clock.waitForSleepers()` so the model has
// reached its sleep, `clock.advance(by:)`, then read `clock.sleeperCount`
// (who is still waiting) or await `model.searchTask?.value` (it has woken).

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
    model.queryChanged("s")
    model.queryChanged("sw")
    model.queryChanged("swi")
    try await clock.waitForSleepers()
    try #require(clock.sleeperCount == 1)

    clock.advance(by: .milliseconds(300))
    await model.searchTask?.value

    #expect(spy.queries == ["swi"])
  }

  @Test("Each keystroke restarts the wait")
  func keystrokeRestartsTheWait() async throws {
    model.queryChanged("s")
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(200))

    model.queryChanged("sw")
    try await clock.waitForSleepers()
    clock.advance(by: .milliseconds(200))  // 400 ms after "s", 200 ms after "sw".
    #expect(clock.sleeperCount == 1)

    clock.advance(by: .milliseconds(100))
    await model.searchTask?.value
    #expect(spy.queries == ["sw"])
  }
}
