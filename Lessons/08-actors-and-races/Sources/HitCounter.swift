import Foundation

// You are making a counter safe to share between threads. As written, two
// threads that record a hit at the same moment can both read the same old
// count and both store it plus one: a hit is lost, and ThreadSanitizer
// reports a data race. Task 1 in the README says what done looks like.

/// Counts the hits of a web page, recorded from any number of threads at once.
public final class HitCounter: @unchecked Sendable {
  // TODO: Add a lock (an NSLock or a Mutex) and take it around every read
  // and write of `hits`.
  private var hits = 0

  /// Makes a counter at zero.
  public init() {}

  /// Adds one hit; safe to call from many threads at once, and no hit is lost.
  public func record() {
    hits += 1
  }

  /// The hits recorded since the start or since the last `takeCount()`.
  public var count: Int {
    hits
  }

  /// Returns the hits recorded so far and starts again from zero, in one step.
  ///
  /// A hit recorded at the same time lands either in the returned count or
  /// in the next one, never in neither.
  public func takeCount() -> Int {
    // TODO: Read `hits` and set it to zero while holding the lock once, so
    // no `record()` can fall between the read and the reset.
    fatalError("Please implement takeCount()")
  }
}
