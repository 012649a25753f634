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
  // Each test compares the whole list of waits, not only its length: a wait
  // of the wrong length is as much a bug as a missing one.

  @Test("Connecting at the first try returns 1 and never waits")
  func firstTry() async throws {
    let clock = RecordingClock()
    let reconnector = Reconnector(clock: clock)

    let tries = try await reconnector.connect {}

    #expect(tries == 1)
  }

  @Test("The first wait is firstDelay and each later wait doubles")
  func doublesTheWait() async throws {
    let clock = RecordingClock()
    let reconnector = Reconnector(maxAttempts: 5, firstDelay: .seconds(1), maxDelay: .seconds(60), clock: clock)
    var failuresLeft = 3

    let tries = try await reconnector.connect {
      if failuresLeft > 0 {
        failuresLeft -= 1
        throw NoConnection()
      }
    }

    let expected: [Duration] = [.seconds(1), .seconds(2), .seconds(4)]
    #expect(tries == 4)
  }

  @Test("No wait is ever longer than maxDelay")
  func stopsAtTheCeiling() async {
    let clock = RecordingClock()
    let reconnector = Reconnector(maxAttempts: 6, firstDelay: .seconds(1), maxDelay: .seconds(5), clock: clock)

    await #expect(throws: NoConnection.self) {
      try await reconnector.connect { throw NoConnection() }
    }

    let expected: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)]
  }

  @Test("A firstDelay longer than maxDelay waits maxDelay, the first time too")
  func clampsTheFirstWait() async {
    let clock = RecordingClock()
    let reconnector = Reconnector(maxAttempts: 3, firstDelay: .seconds(10), maxDelay: .seconds(4), clock: clock)

    await #expect(throws: NoConnection.self) {
      try await reconnector.connect { throw NoConnection() }
    }

    let expected: [Duration] = [.seconds(4), .seconds(4)]
  }

  // Waiting after the last try only delays the error the screen is waiting for.
  @Test("After the last failed try, the error comes at once, with no wait")
  func givesUpWithoutWaiting() async {
    let clock = RecordingClock()
    let reconnector = Reconnector(maxAttempts: 3, firstDelay: .seconds(1), clock: clock)
    var tries = 0

    await #expect(throws: NoConnection.self) {
      try await reconnector.connect {
        tries += 1
        throw NoConnection()
      }
    }

    let expected: [Duration] = [.seconds(1), .seconds(2)]
    #expect(tries == 3)
  }
}
