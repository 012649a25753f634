/// A clock on which every sleep ends at once, so a test can make a timeout
/// happen without waiting for it.
///
/// It tells the time with `ContinuousClock`; only `sleep` is different.
struct ImmediateClock: Clock {
  typealias Instant = ContinuousClock.Instant

  var now: Instant { .now }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    // A cancelled sleep still throws, as ContinuousClock's does.
    try Task.checkCancellation()
  }
}
