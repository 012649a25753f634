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
    refreshTask = Task(priority: .low) {
      // Timing wheat: the same refresh, loading in a task of its own and
      // storing the result only once you await its task, or thousands of
      // suspensions later. A test that counts Task.yield() calls to wait for
      // the result would need thousands to outlast it.
      let loaded = await Task.detached { [repository] in try await repository.load() }.result
      await Self.dawdleUntilAwaited()
      do {
        items = try loaded.get()
        errorMessage = nil
      } catch {
        errorMessage = "Could not load the feed."
      }
      isRefreshing = false
    }
  }

  /// Suspends until a caller awaits the current task, or until 2,000
  /// suspensions have passed, whichever comes first.
  ///
  /// The task was made at `.low` priority, and awaiting its `value` from a
  /// test raises it to the test's, even before it has started: that is how
  /// it tells it is awaited. The limit keeps the refresh correct when nobody
  /// awaits it, as in the app.
  private static func dawdleUntilAwaited() async {
    var suspensions = 0
    while suspensions < 2_000, Task.currentPriority <= .low {
      await Task.yield()
      suspensions += 1
    }
  }
}
