import Synchronization

/// Tells the runs started for one purpose that it is gone: set once, read by every run.
///
/// A run that sees it set kills its process group, and ends `cancelled`: its caller drops
/// what it did. A grading starts a task's buggy versions beside its correct one, and cancels
/// them when the tests hang on the correct one (they would hang on every version).
public final class Cancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Creates a cancellation not yet set.
  public init() {}

  /// Sets it: every run that reads it from now on stops.
  public func cancel() { flag.store(true, ordering: .relaxed) }

  /// Whether it was set.
  public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
