// The feed screen's model. `refresh()` is what a pull-to-refresh gesture
// calls: it cannot be `async`, so it starts a `Task` and returns at once.
// You do not change this file; you test it (task 2).

/// Where the feed comes from.
public protocol FeedRepository: Sendable {
  /// Loads the newest items.
  func load() async throws -> [String]
}

/// The feed screen's model: its items, whether a refresh is running, and the last error.
@MainActor
public final class FeedModel {
  /// What the screen lists.
  public private(set) var items: [String] = []
  /// Whether a refresh is running; the screen shows a spinner while it is.
  public private(set) var isRefreshing = false
  /// What went wrong with the last refresh, or nil when it succeeded.
  public private(set) var errorMessage: String?
  /// The refresh that is running, or the last one; await its `value` to know it has finished.
  public private(set) var refreshTask: Task<Void, Never>?

  private let repository: any FeedRepository

  /// Creates a model that loads from `repository`.
  public init(repository: any FeedRepository) {
    self.repository = repository
  }

  /// Starts loading the newest items and returns at once.
  ///
  /// - `isRefreshing` is true from this call until the load has finished.
  /// - When the load succeeds, `items` are what it returned and
  ///   `errorMessage` is nil.
  /// - When it fails, `items` stay as they were and `errorMessage` holds a
  ///   message saying the feed could not be loaded; its words are not promised.
  /// - Either way, `isRefreshing` is false again afterwards.
  /// - A call while a refresh is running does nothing: there is one load at a time.
  public func refresh() {
    guard !isRefreshing else { return }
    isRefreshing = true
    refreshTask = Task {
      do {
        items = try await repository.load().reversed()
        errorMessage = nil
      } catch {
        errorMessage = "Could not load the feed."
      }
      isRefreshing = false
    }
  }
}
