import Foundation
import Observation

// The feed screen loads its posts through this model. The model builds its own
// `LiveNetworkClient`, so any test of it would reach for the real server.
// Make it take the client as a parameter instead: the app must still get the
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

  // TODO: Store an `any Networking` here instead of building a `LiveNetworkClient`.
  private let network = LiveNetworkClient()

  /// Creates the model the app uses, which talks to the live server.
  // TODO: Make this a `convenience init` that passes a `LiveNetworkClient()` to
  // `init(network:)`, so every `FeedViewModel()` in the app keeps working.
  public init() {}

  /// Creates a model that fetches through the `network` you pass in.
  // TODO: Keep the `network` you are given.
  public init(network: any Networking) {
    fatalError("Please implement init(network:)")
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
