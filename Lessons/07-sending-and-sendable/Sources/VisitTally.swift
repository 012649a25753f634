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
    // TODO: Add one to the page's count, inside one `withLock`.
    fatalError("Please implement record(_:)")
  }

  /// How many visits `page` has had: 0 for a page nobody visited.
  public func visits(to page: String) -> Int {
    // TODO: Read the page's count inside `withLock`.
    fatalError("Please implement visits(to:)")
  }

  /// Every page's count at this moment; visits recorded later do not change it.
  public func snapshot() -> [String: Int] {
    // TODO: Return a copy of the counts.
    fatalError("Please implement snapshot()")
  }
}
