/// Why `Counter` refused a step.
public enum CounterError: Error, Equatable {
  /// The step is below zero; it carries the step.
  case negativeStep(Int)

  /// The step would take the value above the limit; it carries the limit.
  case wouldPassLimit(Int)
}

/// Counts up, one step at a time, to a limit it never passes.
public struct Counter: Sendable {
  /// The count so far; it starts at 0.
  public private(set) var value = 0

  /// The highest value the counter may reach.
  public let limit: Int

  /// Creates a counter at 0 that may count up to `limit`.
  public init(limit: Int) {
    self.limit = limit
  }

  /// Adds `step` to `value`; a step may land exactly on `limit`.
  ///
  /// When it throws, `value` is left as it was.
  ///
  /// - Throws: `CounterError.negativeStep(step)` when `step` is below zero;
  ///   `CounterError.wouldPassLimit(limit)` when `value + step` would be
  ///   above `limit`.
  public mutating func increment(by step: Int = 1) throws(CounterError) {
    guard step >= 0 else {
      value += step
      throw .negativeStep(step)
    }
    guard value + step <= limit else { throw .wouldPassLimit(limit) }
    value += step
  }
}
