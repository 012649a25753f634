import Foundation
import Testing
@testable import DependencyInjection

// `ServiceLocator.app(network:messages:)` (Sources/ServiceLocator.swift) is
// the app's wiring: what each screen gets when it asks the locator for a
// service. The compiler cannot check a registration, so these tests do: that
// each service is there, and that it is made from what the app handed in.

@MainActor
@Suite("Task 7: the app's service locator")
struct ServiceLocatorTests {
  /// A network that answers every request with the same text.
  struct CannedNetwork: Networking {
    var body: String

    func data(from url: URL) async throws -> Data {
      Data(body.utf8)
    }
  }

  let anyURL = URL(string: "https://api.example.invalid/posts")!

  // The doc comment promises a client that fetches through the one handed
  // in, not that very value: check what it fetches, not what it is.
  @Test("The network resolves to a client that fetches through the one handed in")
  func networkFetchesThroughTheGivenClient() async throws {
    let expected = #"[{"id": 1}]"#
    let locator = ServiceLocator.app(network: CannedNetwork(body: expected), messages: InstantServer().client)

    let network = try #require(locator.resolve((any Networking).self))
    let data = try await network.data(from: anyURL)

    #expect(String(decoding: data, as: UTF8.self) == expected)
  }


  @Test("A send-message model from the locator sends through the client handed in")
  func composeModelSendsThroughTheGivenClient() async throws {
    let server = InstantServer()
    let locator = ServiceLocator.app(network: CannedNetwork(body: ""), messages: server.client)

    let model = try #require(locator.resolve(SendMessageModel.self))
    model.draft = "See you at six"
    await model.send()

    #expect(server.received == ["See you at six"])
  }

  @Test("Two screens get two send-message models: a draft typed on one is not on the other")
  func eachScreenGetsItsOwnModel() throws {
    let locator = ServiceLocator.app(network: CannedNetwork(body: ""), messages: InstantServer().client)

    let first = try #require(locator.resolve(SendMessageModel.self))
    first.draft = "Hi"
    let second = try #require(locator.resolve(SendMessageModel.self))

    #expect(second.draft == "")
    #expect(first !== second)
  }
}
