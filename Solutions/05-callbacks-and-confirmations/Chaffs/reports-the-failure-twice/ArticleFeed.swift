/// Loads an article and reports each state the load passes through, as an
/// `AsyncStream`.
///
/// Each call of `load()` starts one load and returns its states in order:
/// `.loading`, then `.loaded(text)` with the text `fetch` returned, or
/// `.failed(error)` with the error `fetch` threw; then the stream finishes.
public struct ArticleFeed: Sendable {
  /// Fetches the article's text, or throws why it could not.
  private let fetch: @Sendable () async throws(SyncError) -> String

  /// Makes a feed that fetches the article with `fetch`.
  public init(fetch: @escaping @Sendable () async throws(SyncError) -> String) {
    self.fetch = fetch
  }

  /// Starts a load and returns its states: `.loading`, then `.loaded` or
  /// `.failed`, then the end of the stream.
  public func load() -> AsyncStream<LoadState> {
    let (states, continuation) = AsyncStream.makeStream(of: LoadState.self)
    Task {
      continuation.yield(.loading)
      do throws(SyncError) {
        continuation.yield(.loaded(try await fetch()))
      } catch {
        continuation.yield(.failed(error))
        continuation.yield(.failed(error))
      }
      continuation.finish()
    }
    return states
  }
}
