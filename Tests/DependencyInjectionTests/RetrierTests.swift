import Testing
@testable import DependencyInjection

// Waits of tens of milliseconds: until task 3 is done the starter really sleeps them, on every grading.
@Suite("Task 3: the retrier sleeps on the clock and rolls the dice you inject")
struct RetrierTests {
  @Test("A first-try success returns at once, without waiting")
  func firstTrySucceeds() async throws {
    let clock = RecordingClock()
    let retrier = Retrier(baseDelay: .milliseconds(20), clock: clock, jitter: { _ in 1 })
    var attempts = 0

    let result = try await retrier.run {
      attempts += 1
      return "sent"
    }

    #expect(result == "sent")
    #expect(attempts == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test("Each retry waits twice as long as the one before")
  func doublesTheWait() async throws {
    let clock = RecordingClock()
    let retrier = Retrier(maxAttempts: 3, baseDelay: .milliseconds(20), clock: clock, jitter: { _ in 1 })
    var attempts = 0

    let result = try await retrier.run {
      attempts += 1
      if attempts < 3 { throw Offline() }
      return "sent"
    }

    let expected: [Duration] = [.milliseconds(20), .milliseconds(40)]
    #expect(result == "sent")
    #expect(clock.sleeps == expected)
  }

  @Test("The jitter scales each wait by a factor between 0.5 and 1.5")
  func jitterScalesTheWait() async {
    let shortest = RecordingClock()
    let longest = RecordingClock()
    let lucky = Retrier(maxAttempts: 3, baseDelay: .milliseconds(20), clock: shortest, jitter: { $0.lowerBound })
    let unlucky = Retrier(maxAttempts: 3, baseDelay: .milliseconds(20), clock: longest, jitter: { $0.upperBound })

    await #expect(throws: Offline.self) { try await lucky.run(failOffline) }
    await #expect(throws: Offline.self) { try await unlucky.run(failOffline) }

    let expectedShortest: [Duration] = [.milliseconds(10), .milliseconds(20)]
    let expectedLongest: [Duration] = [.milliseconds(30), .milliseconds(60)]
    #expect(shortest.sleeps == expectedShortest)
    #expect(longest.sleeps == expectedLongest)
  }

  @Test("After the last attempt fails, the error is thrown without another wait")
  func givesUp() async {
    let clock = RecordingClock()
    let retrier = Retrier(maxAttempts: 3, baseDelay: .milliseconds(20), clock: clock, jitter: { _ in 1 })
    var attempts = 0

    await #expect(throws: Offline.self) {
      try await retrier.run {
        attempts += 1
        try await failOffline()
      }
    }

    #expect(attempts == 3)
    #expect(clock.sleeps.count == 2)
  }

  @Test("A task cancelled before a retry's wait throws CancellationError and tries no more")
  func cancellationStopsTheRetries() async {
    let clock = RecordingClock()
    let retrier = Retrier(maxAttempts: 3, baseDelay: .milliseconds(20), clock: clock, jitter: { _ in 1 })

    // The first attempt cancels its own task, then fails: the wait before the
    // retry must end the run with CancellationError, not swallow it and retry.
    let running = Task { () -> ((any Error)?, Int) in
      var attempts = 0
      do {
        try await retrier.run {
          attempts += 1
          withUnsafeCurrentTask { $0?.cancel() }
          try await failOffline()
        }
      } catch {
        return (error, attempts)
      }
      return (nil, attempts)
    }
    let (error, attempts) = await running.value

    #expect(error is CancellationError, "run(_:) ended with \(String(describing: error)), not CancellationError")
    #expect(attempts == 1)
    #expect(clock.sleeps.isEmpty)
  }
}

/// An operation that always fails, as if the phone had no signal.
private func failOffline() async throws {
  throw Offline()
}
