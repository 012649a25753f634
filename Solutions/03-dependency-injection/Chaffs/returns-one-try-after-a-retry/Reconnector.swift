// When the chat connection drops, the app reconnects on its own. It waits a
// little longer before each new try, so a server that is down is not hammered,
// but never longer than a ceiling, so the chat comes back soon after the
// server does. You do not change this file: in task 5 you test it, with a
// clock that records each wait instead of sleeping.

/// Reconnects to the chat server, doubling the wait before each new try, up to a ceiling.
public struct Reconnector: Sendable {
  /// How many times to try, counting the first.
  public var maxAttempts: Int
  /// How long to wait after the first failed try; each later wait is twice the one before.
  public var firstDelay: Duration
  /// The longest wait between two tries, the first wait included, however many tries have failed.
  public var maxDelay: Duration

  private let clock: any Clock<Duration>

  /// Creates a reconnector that waits on `clock`.
  ///
  /// - Parameters:
  ///   - maxAttempts: How many times to try, counting the first.
  ///   - firstDelay: The wait after the first failed try, unless `maxDelay` is shorter.
  ///   - maxDelay: The longest wait between two tries.
  ///   - clock: What to sleep on between tries; the real clock unless a test passes its own.
  public init(
    maxAttempts: Int = 6,
    firstDelay: Duration = .seconds(1),
    maxDelay: Duration = .seconds(10),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.maxAttempts = maxAttempts
    self.firstDelay = firstDelay
    self.maxDelay = maxDelay
    self.clock = clock
  }

  /// Calls `attempt` until it succeeds or has failed `maxAttempts` times.
  ///
  /// The first try happens at once. After a failed try it waits `firstDelay`,
  /// after each further failure twice as long as the time before, and never
  /// longer than `maxDelay`, the first wait included: with a `firstDelay`
  /// longer than `maxDelay`, every wait is `maxDelay`. After the last try it
  /// does not wait: it throws.
  ///
  /// - Returns: How many tries it took, counting the one that succeeded.
  /// - Throws: The last try's error, once every try has failed, or
  ///   `CancellationError` if the task is cancelled while waiting.
  // `nonisolated(nonsending)` runs this on the caller's actor, so `attempt`
  // may touch the caller's state (a test's counter) without being `@Sendable`.
  nonisolated(nonsending) public func connect(_ attempt: () async throws -> Void) async throws -> Int {
    var tries = 1
    var delay = min(firstDelay, maxDelay)
    while true {
      do {
        try await attempt()
        return 1
      } catch {
        if tries >= maxAttempts { throw error }
        try await clock.sleep(for: delay)
        delay = min(delay * 2, maxDelay)
        tries += 1
      }
    }
  }
}
