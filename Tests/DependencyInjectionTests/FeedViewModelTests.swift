import Foundation
import Testing
@testable import DependencyInjection

@MainActor
@Suite("Task 1: the feed model uses the network you inject")
struct FeedViewModelTests {
  @Test("Loading shows the posts the network returns")
  func showsPosts() async throws {
    let expected = [Post(id: 1, title: "Hello"), Post(id: 2, title: "Injected, not built")]
    let network = StubNetwork(returning: try JSONEncoder().encode(expected))
    let model = FeedViewModel(network: network)

    await model.load()

    #expect(model.posts == expected)
    #expect(model.errorMessage == nil)
  }

  @Test("Loading asks the network for the feed URL, once")
  func asksForTheFeedURL() async throws {
    let network = StubNetwork(returning: Data("[]".utf8))
    let model = FeedViewModel(network: network)

    await model.load()

    #expect(network.requestedURLs == [FeedViewModel.feedURL])
  }

  @Test("A network failure shows an error message and no posts")
  func networkFailure() async {
    let network = StubNetwork(throwing: Offline())
    let model = FeedViewModel(network: network)

    await model.load()

    #expect(model.errorMessage != nil)
    #expect(model.posts.isEmpty)
    #expect(!model.isLoading)
  }

  @Test("A response that isn't a feed shows an error message")
  func undecodableResponse() async {
    let network = StubNetwork(returning: Data("<html>Gateway Timeout</html>".utf8))
    let model = FeedViewModel(network: network)

    await model.load()

    #expect(model.errorMessage != nil)
    #expect(model.posts.isEmpty)
  }

  @Test("The model shows loading until the network answers")
  func loadingWhileWaiting() async throws {
    let network = GatedNetwork()
    let model = FeedViewModel(network: network)
    let expected = [Post(id: 7, title: "Worth the wait")]

    let loading = Task { await model.load() }
    await network.waitForRequest()
    #expect(model.isLoading)

    network.answer(with: .success(try JSONEncoder().encode(expected)))
    await loading.value
    #expect(!model.isLoading)
    #expect(model.posts == expected)
  }

  @Test("Loading again clears the last error as soon as it starts")
  func reloadClearsError() async throws {
    let network = GatedNetwork()
    let model = FeedViewModel(network: network)

    let firstLoad = Task { await model.load() }
    await network.waitForRequest()
    network.answer(with: .failure(Offline()))
    await firstLoad.value
    #expect(model.errorMessage != nil)

    let secondLoad = Task { await model.load() }
    await network.waitForRequest()
    #expect(model.errorMessage == nil)

    network.answer(with: .success(Data("[]".utf8)))
    await secondLoad.value
    #expect(model.errorMessage == nil)
  }
}
