import Foundation
import Observation

// The feed screen loads its posts through this model. It used to build its
// own `LiveNetworkClient`, so every test of it reached for the real server.
// You made it take the client as a parameter instead: the app still gets the
// live client, and a test can pass in a fake.

/// The feed screen's state: the posts, whether they are loading, and what went wrong.
@MainActor
@Observable
public final class FeedViewModel {
  /// Where the feed comes from. `.invalid` never resolves, so nothing can
  /// reach a real server by accident.
  public static let feedURL = URL(string: "https://api.example.invalid/posts")!

  /// The posts from the last successful load.
  public private(set) var posts: [Post] = []
  /// Whether a load is on its way.
  public private(set) var isLoading = false
  /// What to tell the user when the last load failed, or `nil`.
  public private(set) var errorMessage: String?

  // The model asks for the protocol, not the concrete client: whoever creates
  // it decides which client it talks to.
  private let network: any Networking

  /// Creates the model the app uses, which talks to the live server.
  // A convenience initializer keeps every existing `FeedViewModel()` in the app
  // working unchanged: the live client is now a default, not a hard-coded choice.
  public convenience init() {
    self.init(network: LiveNetworkClient())
  }

  /// Creates a model that fetches through the `network` you pass in.
  // Keeping what you are given is the whole of initializer injection.
  public init(network: any Networking) {
    self.network = network
  }

  /// Fetches the feed and decodes it, or records why it could not.
  public func load() async {
    isLoading = true
    errorMessage = nil
    defer { isLoading = false }
    do {
      let data = try await network.data(from: Self.feedURL)
      posts = try JSONDecoder().decode([Post].self, from: data)
    } catch {
      errorMessage = "Couldn't load the feed. Pull to try again."
    }
  }
}
