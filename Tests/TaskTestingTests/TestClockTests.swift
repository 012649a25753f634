import Dispatch
import Synchronization
import Testing
@testable import TaskTesting

/// A mistake in the clock can leave a sleeper waiting forever. No test here
/// watches the time for that: `swift run grade` stops a run that is still
/// going after 10 seconds and names the test still waiting. Under
/// `swift test`, `.timeLimit` only records an issue after a minute, naming
/// the test, and cancels its task; cancelling does not wake a continuation
/// nobody resumes, so the run goes on waiting until you stop it (Ctrl-C).
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

  @Test("Advancing wakes the due sleepers earliest deadline first")
  func wakesEarliestFirst() async throws {
    let clock = TestClock()
    // Each sleeper runs on one executor that runs its jobs one at a time, in
    // the order they arrive: the order the clock resumed the sleepers is the
    // order they write to the log.
    let inOrder = InOrderExecutor()
    let woken = WakeLog()
    var sleepers: [Task<Void, any Error>] = []
    // They go to sleep latest deadline first, so that a clock that wakes
    // sleepers in the order they came, or the reverse, wakes them wrongly.
    for (asleep, seconds) in [3, 1, 2].enumerated() {
      sleepers.append(Task(executorPreference: inOrder) {
        try await clock.sleep(for: .seconds(seconds))
        woken.append(seconds)
      })
      try await clock.waitForSleepers(asleep + 1)
    }
    // A sleeper counts as soon as the clock has stored it, a moment before
    // its task has finished suspending. A job queued on the executor after
    // the sleepers' runs only once they have all suspended.
    await Task(executorPreference: inOrder) {}.value

    clock.advance(by: .seconds(3))
    for sleeper in sleepers {
      try await sleeper.value
    }

    #expect(woken.entries == [1, 2, 3])
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

/// An executor that runs the jobs it is given one at a time, in the order they arrive.
///
/// A task that prefers it (`Task(executorPreference:)`) runs its
/// nonisolated code there, so tasks that the clock resumes one after the
/// other go on in that same order.
private final class InOrderExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "TestClockTests.InOrderExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

/// What the sleepers wrote when they woke, in order.
private final class WakeLog: Sendable {
  private let log = Mutex<[Int]>([])

  /// Everything written so far, oldest first.
  var entries: [Int] { log.withLock { $0 } }

  /// Writes `entry` after the others.
  func append(_ entry: Int) {
    log.withLock { $0.append(entry) }
  }
}
