import Observation
import Testing
@testable import CallbackTesting

// You are testing ArticleFeed (Sources/ArticleFeed.swift), an AsyncStream of
// load states, and ArticleModel (Sources/ArticleModel.swift), the @Observable
// model a screen shows. Your tests are graded against copies that each hide
// one bug, and run many times against correct copies whose states come
// sooner or later than the real one's. Never let a test hang: bound every
// wait.

@Suite("ArticleFeed and ArticleModel")
@MainActor
struct ArticleTests {
  /// Every state `stream` gives until it finishes.
  func allStates(of stream: AsyncStream<LoadState>) async throws -> [LoadState] {
    var states: [LoadState] = []
    for await state in stream { states.append(state) }
    return states
  }

  /// Starts watching `model.state`, then runs `action`, then waits, at most
  /// half a second, for the next change of `model.state`.
  func nextChange(of model: ArticleModel, after action: () -> Void = {}) async throws {
    try await awaitCallback(timeout: .milliseconds(500)) { done in
      withObservationTracking {
        _ = model.state
      } onChange: {
        done(())
      }
      action()
    }
  }

  /// Waits for `task` to finish.
  func finish(_ task: Task<Void, Never>) async throws {
    await task.value
  }

  @Test("The feed reports loading, then the text, then finishes")
  func feedReportsLoadedText() async throws {
    let expected: [LoadState] = [.loading, .loaded("Hello")]
    let feed = ArticleFeed { "Hello" }

    let states = try await allStates(of: feed.load())

    #expect(states == expected)
  }

  @Test("The feed reports loading, then the fetch's error, then finishes")
  func feedReportsFailure() async throws {
    let expected: [LoadState] = [.loading, .failed(.offline)]
    let feed = ArticleFeed { () throws(SyncError) -> String in throw .offline }

    let states = try await allStates(of: feed.load())

    #expect(states == expected)
  }

  @Test("A new model is idle")
  func newModelIsIdle() {
    let model = ArticleModel(feed: ArticleFeed { "Hello" })

    #expect(model.state == .idle)
  }

  @Test("While the article is on its way the model shows loading, then the text")
  func modelShowsLoadingThenText() async throws {
    // The fetch waits until the test lets it through: a gate.
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let model = ArticleModel(feed: ArticleFeed {
      for await _ in gate { break }
      return "Hello"
    })

    // The test and the model share the main actor, so the tracking below is
    // in place before load() runs.
    let loading = Task { await model.load() }
    try await nextChange(of: model)
    #expect(model.state == .loading)

    open.yield()
    try await finish(loading)
    #expect(model.state == .loaded("Hello"))
  }

  @Test("A failed load shows the error")
  func modelShowsFailure() async throws {
    let model = ArticleModel(feed: ArticleFeed { () throws(SyncError) -> String in
      throw .rejected("Hello")
    })

    try await finish(Task { await model.load() })

    #expect(model.state == .failed(.rejected("Hello")))
  }

  @Test("Each change of state is seen by a watching view")
  func everyChangeIsObserved() async throws {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let model = ArticleModel(feed: ArticleFeed {
      for await _ in gate { break }
      return "Hello"
    })

    // Two changes (loading, then loaded), each heard by its own tracking.
    // The gate holds the second change back until the second tracking is in
    // place; without it, the model could reach .loaded unheard.
    try await confirmation("the view is told to redraw", expectedCount: 2) { redraw in
      let loading = Task { await model.load() }
      try await nextChange(of: model)
      redraw()
      try await nextChange(of: model, after: { open.yield() })
      redraw()
      try await finish(loading)
    }
  }
}
