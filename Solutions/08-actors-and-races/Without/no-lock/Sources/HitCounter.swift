import Foundation

// You are making a counter safe to share between threads. As written, two
// threads that record a hit at the same moment can both read the same old
// count and both store it plus one: a hit is lost, and ThreadSanitizer
// reports a data race. Task 1 in the README says what done looks like.

/// Counts the hits of a web page, recorded from any number of threads at once.
public final class HitCounter: @unchecked Sendable {
  // One lock guards `hits`, and no code touches `hits` without it: that is
  // the promise `@unchecked Sendable` makes and the compiler cannot check.
  // NSLock, not Mutex: ThreadSanitizer on Linux understands pthread locks
  // (NSLock is one) but not Mutex's futex, which it reports as a race.
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
    // One critical section for the read and the reset: `let taken = count`
    // followed by a second locked reset would let a hit slip in between and
    // vanish, a race condition with no data race for TSan to see.
    let taken = hits
    hits = 0
    return taken
  }
}
