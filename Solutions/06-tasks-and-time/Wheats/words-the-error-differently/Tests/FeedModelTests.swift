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
  @Test("A refresh shows the items the repository loaded")
  func showsLoadedItems() async {
    let expected = ["Swift 6.3 is out", "Testing tasks"]
    let model = FeedModel(repository: InstantRepository(items: expected))

    model.refresh()
    await model.refreshTask?.value

    #expect(model.items == expected)
    #expect(model.errorMessage == nil)
    #expect(!model.isRefreshing)
  }

  @Test("The spinner shows from the call until the load has finished")
  func refreshingWhileLoading() async {
    let repository = HeldRepository()
    let model = FeedModel(repository: repository)

    model.refresh()
    #expect(model.isRefreshing)
    await repository.waitForLoads()
    #expect(model.isRefreshing)

    repository.answer(with: .success(["Done"]))
    await model.refreshTask?.value
    #expect(!model.isRefreshing)
  }

  @Test("A failed refresh keeps the items, shows an error and stops the spinner")
  func failureKeepsItems() async {
    let expected = ["Yesterday's news"]
    let repository = InstantRepository(items: expected)
    let model = FeedModel(repository: repository)
    model.refresh()
    await model.refreshTask?.value

    repository.fail()
    model.refresh()
    await model.refreshTask?.value

    #expect(model.items == expected)
    #expect(model.errorMessage != nil)  // A message is promised, not its words.
    #expect(!model.isRefreshing)
  }

  @Test("A refresh that succeeds after a failure clears the error")
  func successClearsError() async {
    let repository = InstantRepository(failing: ())
    let model = FeedModel(repository: repository)
    model.refresh()
    await model.refreshTask?.value
    #expect(model.errorMessage != nil)

    repository.succeed(with: ["Back online"])
    model.refresh()
    await model.refreshTask?.value

    #expect(model.errorMessage == nil)
    #expect(model.items == ["Back online"])
  }

  @Test("A second refresh while one is running does not load again")
  func oneLoadAtATime() async {
    let repository = HeldRepository()
    let model = FeedModel(repository: repository)

    model.refresh()
    await repository.waitForLoads()
    model.refresh()
    repository.answer(with: .success(["Once"]))  // A second load, if any, gets this too.
    await model.refreshTask?.value

    #expect(repository.loadCount == 1)
    #expect(model.items == ["Once"])
  }

  // Over-specified: the doc comment promises an error message, not its words.
  @Test("A failed refresh shows exactly \"Could not load the feed.\"")
  func failureShowsTheExactMessage() async {
    let model = FeedModel(repository: InstantRepository(failing: ()))

    model.refresh()
    await model.refreshTask?.value

    #expect(model.errorMessage == "Could not load the feed.")
  }
}
