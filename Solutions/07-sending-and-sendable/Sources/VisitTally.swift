import Synchronization

// You count page visits from many tasks at once. The counts live inside a
// `Mutex`, so the class is `Sendable` with no promise the compiler cannot
// check; all you write is what happens inside each lock.

/// Counts visits per page, from any number of tasks at once.
public final class VisitTally: Sendable {
  /// The number of visits per page, reachable only through `withLock`.
  private let counts = Mutex<[String: Int]>([:])

  /// Makes a tally with no visits.
  public init() {}

  /// Counts one visit to `page`.
  public func record(_ page: String) {
    // Read and write in one lock, so no visit recorded at the same time is lost.
    counts.withLock { $0[page, default: 0] += 1 }
  }

  /// How many visits `page` has had: 0 for a page nobody visited.
  public func visits(to page: String) -> Int {
    // A page nobody visited has no entry; that is 0 visits, not a missing value.
    counts.withLock { $0[page] ?? 0 }
  }

  /// Every page's count at this moment; visits recorded later do not change it.
  public func snapshot() -> [String: Int] {
    // A dictionary is a value: returning it copies it out of the lock.
    counts.withLock { $0 }
  }
}
