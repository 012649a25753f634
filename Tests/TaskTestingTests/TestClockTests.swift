import Synchronization
import Testing
@testable import TaskTesting

@Suite("Task 1: a test clock that moves only when you move it")
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

    try await finishes {
      try await clock.sleep(until: .init(offset: .seconds(2)), tolerance: nil)
      try await clock.sleep(for: .zero)
    }

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
    try await finishes { try await sleeping.value }
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
    try await finishes {
      try await sleepers[0].value
      try await sleepers[1].value
    }

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
    try await finishes {
      await #expect(throws: CancellationError.self) { try await sleeping.value }
    }
  }

  @Test("A task cancelled before it sleeps throws at once and never counts as a sleeper")
  func cancelledBeforeSleeping() async throws {
    let clock = TestClock()

    try await finishes {
      let sleeping = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        try await clock.sleep(for: .seconds(60))
      }
      await #expect(throws: CancellationError.self) { try await sleeping.value }
    }

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

/// Runs `body`, failing the test instead of hanging if it takes more than two seconds of real time.
///
/// Your clock decides when sleepers wake; a mistake in it would otherwise
/// leave the test waiting forever. A task group would not help: it waits for
/// every child, and cancelling does not resume a forgotten continuation.
private func finishes(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () async throws -> Void
) async throws {
  let outcome = OnceBox()
  let result = await withCheckedContinuation { continuation in
    outcome.set(continuation)
    Task {
      do {
        try await body()
        outcome.finish(.success(()))
      } catch {
        outcome.finish(.failure(error))
      }
    }
    outcome.setTimer(Task {
      try await Task.sleep(for: .seconds(2))
      outcome.finish(nil)
    })
  }
  outcome.cancelTimer()
  guard let result else {
    Issue.record("This did not finish: a sleeper was never woken", sourceLocation: sourceLocation)
    return
  }
  try result.get()
}

/// Resumes a continuation once, with whichever of the body and the timer finishes first.
private final class OnceBox: Sendable {
  private let state = Mutex<(
    continuation: CheckedContinuation<Result<Void, any Error>?, Never>?,
    timer: Task<Void, any Error>?
  )>((nil, nil))

  func set(_ continuation: CheckedContinuation<Result<Void, any Error>?, Never>) {
    state.withLock { $0.continuation = continuation }
  }

  func setTimer(_ timer: Task<Void, any Error>) {
    state.withLock { $0.timer = timer }
  }

  func cancelTimer() {
    state.withLock { $0.timer }?.cancel()
  }

  func finish(_ result: Result<Void, any Error>?) {
    let continuation = state.withLock { state in
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: result)
  }
}
