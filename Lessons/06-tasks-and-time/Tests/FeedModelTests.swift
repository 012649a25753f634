import Testing
@testable import TaskTesting

// You test `FeedModel` (Sources/FeedModel.swift). `refresh()` starts a task
// and returns before it has done anything, so a test must wait for an event,
// never for a guess: await `model.refreshTask?.value` to know the refresh has
// finished, and use `HeldRepository` (Tests/TestDoubles.swift) to look at the
// model while a load is still running.

@Suite("FeedModel")
@MainActor
struct FeedModelTests {
  // This test passes most of the time, which is worse than failing: see
  // "Why the obvious test fails" in the README. Fix it or replace it.
  @Test("A refresh shows the items the repository loaded")
  func showsLoadedItems() async {
    let expected = ["Swift 6.3 is out", "Testing tasks"]
    let model = FeedModel(repository: InstantRepository(items: expected))

    model.refresh()
    await Task.yield()

    #expect(model.items == expected)
  }

  // TODO: Add tests that pin down every promise in the documentation of
  // `refresh()`: the spinner, the items, the error and when it goes away,
  // and one load at a time.
}
