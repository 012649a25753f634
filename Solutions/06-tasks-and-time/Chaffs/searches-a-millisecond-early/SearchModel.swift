
// The search box's model. Searching on every keystroke would send a request
// per letter, so it debounces: it searches only once you have stopped typing
// for `delay`. It sleeps on the clock it is given, so a test can hand it a
// `TestClock`. You do not change this file; you test it (task 3).

/// A search box that searches once you stop typing.
@MainActor
public final class SearchModel {
  /// What the last search found.
  public private(set) var results: [String] = []
  /// The pending or last search; await its `value` once the clock has passed its deadline.
  public private(set) var searchTask: Task<Void, Never>?
  /// How long the query must stay unchanged before it is searched.
  public let delay: Duration

  private let clock: any Clock<Duration>
  private let search: @MainActor (String) async -> [String]

  /// Creates a search box.
  ///
  /// - Parameters:
  ///   - delay: How long the query must stay unchanged before it is searched.
  ///   - clock: What to wait on.
  ///   - search: Finds the results for a query.
  public init(
    delay: Duration = .milliseconds(300),
    clock: any Clock<Duration> = ContinuousClock(),
    search: @escaping @MainActor (String) async -> [String]
  ) {
    self.delay = delay
    self.clock = clock
    self.search = search
  }

  /// Tells the model the query changed; call it on every keystroke.
  ///
  /// - Nothing is searched until the query has stayed unchanged for `delay`,
  ///   measured from the last call.
  /// - Then only the last query is searched, once, and `results` become what
  ///   the search returned.
  public func queryChanged(_ query: String) {
    searchTask?.cancel()
    searchTask = Task {
      do {
        try await clock.sleep(for: delay - .milliseconds(1))
      } catch {
        return  // A newer keystroke cancelled this wait.
      }
      results = await search(query)
    }
  }
}
