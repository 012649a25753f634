import Testing
@testable import TaskTesting

/// A mistake in the clock can leave a sleeper waiting forever. No test here
/// watches the time for that: `swift run grade` stops a hung run at its time
/// limit and names the test still waiting, and `.timeLimit` does the same for
/// `swift test`.
@Suite("Task 1: a test clock that moves only when you move it", .timeLimit(.minutes(1)))
struct TestClockTests {
  @Test("The clock starts at zero and moves only by advance(by:)")
  func movesOnlyWhenAdvanced() {
    let clock = TestClock()
    #expect(clock.now == .init(offset: .zero))

    clock.advance(by: .seconds(3))

    #expect(clock.now == .init(offset: .seconds(3)))
  }

  @Test("A deadline that has already come returns at once")
  func pastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    clock.advance(by: .seconds(5))

    try await clock.sleep(until: .init(offset: .seconds(2)), tolerance: nil)
    try await clock.sleep(for: .zero)

    #expect(clock.sleeperCount == 0)
  }

  @Test("A sleeper waits until the clock reaches its deadline, not a moment less")
  func wakesAtTheDeadline() async throws {
    let clock = TestClock()
    let sleeping = Task { try await clock.sleep(for: .seconds(1)) }
    try await clock.waitForSleepers()

    clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 1)

    clock.advance(by: .milliseconds(1))
    #expect(clock.sleeperCount == 0)
    try await sleeping.value
  }

  @Test("Advancing wakes every sleeper whose deadline has come, and only those")
  func wakesOnlyDueSleepers() async throws {
    let clock = TestClock()
    let sleepers = (1...3).map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
      }
    }
    try await clock.waitForSleepers(3)

    clock.advance(by: .seconds(2))
    try await sleepers[0].value
    try await sleepers[1].value

    #expect(clock.sleeperCount == 1)
    sleepers[2].cancel()
  }

  @Test("Cancelling a sleeping task wakes it at once with CancellationError")
  func cancellingWakesTheSleeper() async throws {
    let clock = TestClock()
    let sleeping = Task { try await clock.sleep(for: .seconds(60)) }
    try await clock.waitForSleepers()

    sleeping.cancel()

    #expect(clock.sleeperCount == 0)
    await #expect(throws: CancellationError.self) { try await sleeping.value }
  }

  @Test("A task cancelled before it sleeps throws at once and never counts as a sleeper")
  func cancelledBeforeSleeping() async throws {
    let clock = TestClock()

    let sleeping = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(60))
    }
    await #expect(throws: CancellationError.self) { try await sleeping.value }

    #expect(clock.sleeperCount == 0)
  }

  @Test("waitForSleepers gives up with an error when nobody goes to sleep")
  func waitingForNobodyGivesUp() async {
    let clock = TestClock()

    await #expect(throws: TestClockError.notEnoughSleepers(expected: 1, found: 0)) {
      try await clock.waitForSleepers(1, timeout: .zero)
    }
  }
}
