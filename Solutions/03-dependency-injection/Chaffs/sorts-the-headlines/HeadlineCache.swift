import Foundation

/// What `HeadlineCache` needs from the world: the time, and the server.
public struct HeadlineEnvironment: Sendable {
  /// The time now.
  public var now: @Sendable () -> Date
  /// Fetches today's headlines from the server, or throws why it could not.
  public var fetch: @Sendable () async throws -> [String]

  /// Makes an environment that tells the time with `now` and asks the
  /// server with `fetch`.
  public init(
    now: @escaping @Sendable () -> Date,
    fetch: @escaping @Sendable () async throws -> [String]
  ) {
    self.now = now
    self.fetch = fetch
  }

  /// The real clock and the real server.
  public static let live = HeadlineEnvironment(
    now: { Date() },
    fetch: {
      let url = URL(string: "https://news.example.invalid/headlines.json")!
      let data = try await LiveNetworkClient().data(from: url)
      return try JSONDecoder().decode([String].self, from: data)
    })

  /// The environment `HeadlineCache` uses: `.live`, unless the code that
  /// calls it bound another one for its task with
  /// `HeadlineEnvironment.$current.withValue(_:operation:)`.
  @TaskLocal public static var current: HeadlineEnvironment = .live
}

/// Keeps today's headlines for a while, so the app does not ask the server
/// each time a screen appears.
///
/// `headlines()` uses `HeadlineEnvironment.current`, read afresh on every
/// call:
///
/// - The first call fetches, and keeps the list with the time it arrived.
/// - A later call up to `maxAge` seconds after that time (exactly `maxAge`
///   included) returns the kept list and never fetches.
/// - A later call after that fetches again, and keeps the new list and its
///   time.
/// - When a fetch throws and a list is kept, it returns the kept list,
///   however old, and keeps it and its time as they were, so the next call
///   fetches again. When no list is kept, it throws the fetch's error.
///
/// A call asks the server at most once, whatever happens. It may read the
/// time whenever, and as often as, it likes.
public actor HeadlineCache {
  /// How long, in seconds, a fetched list stays fresh.
  public let maxAge: TimeInterval

  /// The last list fetched, and when it arrived.
  private var kept: (headlines: [String], fetchedAt: Date)?

  /// Makes an empty cache whose lists stay fresh for `maxAge` seconds.
  public init(maxAge: TimeInterval) {
    self.maxAge = maxAge
  }

  /// Returns today's headlines: the kept ones while they are fresh, else
  /// newly fetched ones, or the kept ones when fetching fails.
  public func headlines() async throws -> [String] {
    let environment = HeadlineEnvironment.current
    if let kept, environment.now().timeIntervalSince(kept.fetchedAt) <= maxAge {
      return kept.headlines
    }
    do {
      let headlines = try await environment.fetch().sorted()
      kept = (headlines, environment.now())
      return headlines
    } catch {
      guard let kept else { throw error }
      return kept.headlines
    }
  }
}
