import Testing
@testable import DependencyInjection

// `Reconnector` (Lessons/03-dependency-injection/Sources/Reconnector.swift)
// tries to connect again after a failure, waiting longer each time, up to a
// ceiling. Its clock is injected, so your tests pass a `RecordingClock`
// (RecordingClock.swift, next to this file): nothing really sleeps, and
// `clock.sleeps` lists every wait it asked for, in order.

/// The error your fake connection throws when a try should fail.
struct NoConnection: Error {}

@Suite("Task 5: the reconnector's waits")
struct ReconnectorTests {
  // TODO: Add @Test functions that pin down every wait: none after a first-try
  // success, the first wait, the doubling, the ceiling (on the first wait
  // too), and no wait after the last try. Count the tries too.
}
