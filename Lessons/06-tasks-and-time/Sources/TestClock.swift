import Synchronization

// You build a test clock: time stands still until your test moves it. Code
// that sleeps on it must really suspend, on a continuation you keep in
// `state.sleepers`, until `advance(by:)` moves the clock past its deadline.
// `sleeperCount` and `waitForSleepers(_:timeout:)` are written for you; they
// read the same list. Tasks 2 and 3 use this clock in your own tests.

/// A clock for tests: time stands still until you call `advance(by:)`.
public final class TestClock: Clock, Sendable {
  /// A point on this clock: how far it has moved since it was created.
  public struct Instant: InstantProtocol {
    /// The time since the clock was created.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// A task suspended in `sleep(until:tolerance:)`.
  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  /// A test suspended in `waitForSleepers(_:timeout:)`.
  private struct Waiter {
    var id: Int
    var count: Int
    var continuation: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Sleeper] = []
    var waiters: [Waiter] = []
    /// Waiters whose time ran out before they had started to wait.
    var expiredWaiters: Set<Int> = []

    /// Takes out every waiter that now has enough sleepers, for you to resume outside the lock.
    mutating func satisfiedWaiters() -> [Waiter] {
      let satisfied = waiters.filter { $0.count <= sleepers.count }
      waiters.removeAll { $0.count <= sleepers.count }
      return satisfied
    }
  }

  private let state = Mutex(State())

  /// Creates a clock that stands at zero.
  public init() {}

  /// The current time; it changes only when you call `advance(by:)`.
  public var now: Instant {
    state.withLock { $0.now }
  }

  public var minimumResolution: Duration {
    .zero
  }

  /// How many tasks are asleep on this clock right now.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until `advance(by:)` moves the clock to `deadline` or past it.
  ///
  /// A deadline that has already come returns at once. Cancelling the
  /// sleeping task wakes it at once with `CancellationError`, and it no
  /// longer counts in `sleeperCount`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    // TODO: Return at once if `deadline` has come; otherwise append a `Sleeper`
    // holding a continuation and suspend on it. Resume the waiters that
    // `state.satisfiedWaiters()` hands back, and handle cancellation.
    fatalError("Please implement sleep(until:tolerance:)")
  }

  /// Moves the clock forward by `duration` and wakes, earliest first, every sleeper whose deadline has come.
  ///
  /// The woken tasks run after this returns, on their own; a sleeper whose
  /// deadline is still ahead stays asleep and keeps counting in `sleeperCount`.
  public func advance(by duration: Duration) {
    // TODO: Move `state.now` forward, take out every sleeper whose deadline
    // has come, and resume them, earliest first, outside the lock.
    fatalError("Please implement advance(by:)")
  }

  /// Suspends until at least `count` tasks are asleep on this clock.
  ///
  /// Call it before `advance(by:)`, so that the code under test has reached
  /// its sleep and computed its deadline. It gives up after `timeout` of real
  /// time and throws `TestClockError`, so a test of code that never sleeps
  /// fails instead of hanging.
  public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(2)) async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    let timer = Task {
      try await Task.sleep(for: timeout)
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
          state.expiredWaiters.insert(id)  // It has not started waiting yet; it will see this.
          return nil
        }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: false)
    }
    defer { timer.cancel() }
    let arrived = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let answer = state.withLock { state -> Bool? in
        if state.sleepers.count >= count { return true }
        if state.expiredWaiters.remove(id) != nil { return false }
        state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
    guard arrived else {
      throw TestClockError.notEnoughSleepers(expected: count, found: sleeperCount)
    }
  }
}

/// Why `TestClock.waitForSleepers(_:timeout:)` gave up.
public enum TestClockError: Error, Equatable, CustomStringConvertible {
  /// Fewer tasks than expected went to sleep on the clock in time.
  case notEnoughSleepers(expected: Int, found: Int)

  public var description: String {
    switch self {
    case .notEnoughSleepers(let expected, let found):
      "expected \(expected) task(s) asleep on the test clock, found \(found)"
    }
  }
}
