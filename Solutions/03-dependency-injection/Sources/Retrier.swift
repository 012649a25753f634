// The retrier runs an operation again when it fails, waiting a little longer
// each time, with some randomness ("jitter") so that many phones do not all
// retry at the same instant. It used to sleep on the real clock and roll real
// dice, so its tests were slow and could not say how long it waited. You made
// it take the clock and the dice as parameters instead.

/// Runs an operation again when it fails, doubling the wait before each retry.
public struct Retrier: Sendable {
  /// How many times to run the operation before giving up, counting the first.
  public var maxAttempts: Int
  /// How long to wait before the first retry; each later retry waits twice as long.
  public var baseDelay: Duration

  // The clock and the jitter are stored like any other dependency.
  private let clock: any Clock<Duration>
  private let jitter: @Sendable (ClosedRange<Double>) -> Double

  /// Creates a retrier.
  ///
  /// - Parameters:
  ///   - maxAttempts: How many times to run the operation, counting the first.
  ///   - baseDelay: The wait before the first retry.
  ///   - clock: What to sleep on between attempts.
  ///   - jitter: Returns a number in the range it is given; each wait is multiplied by it.
  // The defaults are the real clock and real randomness, so the app's
  // `Retrier()` behaves exactly as before.
  public init(
    maxAttempts: Int = 3,
    baseDelay: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    jitter: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
  ) {
    self.maxAttempts = maxAttempts
    self.baseDelay = baseDelay
    self.clock = clock
    self.jitter = jitter
  }

  /// Runs `operation` until it succeeds or has failed `maxAttempts` times.
  ///
  /// - Returns: What `operation` returned the first time it succeeded.
  /// - Throws: The last error, once every attempt has failed, or
  ///   `CancellationError` if the task is cancelled while waiting.
  // `nonisolated(nonsending)` runs this on the caller's actor, so `operation`
  // may touch the caller's state without being `@Sendable`.
  nonisolated(nonsending) public func run<T>(_ operation: () async throws -> T) async throws -> T {
    var attempt = 1
    while true {
      do {
        return try await operation()
      } catch {
        if attempt >= maxAttempts { throw error }
        // Ask the injected jitter, not `Double.random`, so a test can choose the factor.
        let factor = jitter(0.5...1.5)
        // Sleep on the injected clock, so a test's clock can record the wait and skip it.
        try await clock.sleep(for: baseDelay * (1 << (attempt - 1)) * factor)
        attempt += 1
      }
    }
  }
}
