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
  // TODO: Add @Test functions that collect every state the feed reports
  // until its stream finishes, and that watch the model's `state` with
  // `withObservationTracking` while it loads. Bound every wait with
  // `awaitCallback(timeout:)`, and hold the fetch with a gate to look at
  // the model mid-load.
}
