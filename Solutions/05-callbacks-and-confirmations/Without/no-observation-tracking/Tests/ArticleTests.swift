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
  /// Every state `stream` gives until it finishes; throws `CallbackTimeout`
  /// when it has not finished within half a second.
  func allStates(of stream: AsyncStream<LoadState>) async throws -> [LoadState] {
    try await awaitCallback(timeout: .milliseconds(500)) { done in
      Task {
        var states: [LoadState] = []
        for await state in stream { states.append(state) }
        done(states)
      }
    }
  }

  /// Waits, at most half a second, for `task` to finish.
  func finish(_ task: Task<Void, Never>) async throws {
    try await awaitCallback(timeout: .milliseconds(500)) { done in
      Task {
        await task.value
        done(())
      }
    }
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

    // The state is read only once the load has finished, with nothing watching it.
    let loading = Task { await model.load() }

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
}
