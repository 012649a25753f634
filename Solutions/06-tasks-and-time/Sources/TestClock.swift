import Synchronization

// A test clock that moves only when you move it. Code that sleeps on it
// waits, really suspended, until your test calls `advance(by:)` past its
// deadline. Your test asks `sleeperCount` who is still waiting and
// `waitForSleepers(_:)` to know the code has reached its sleep.

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
    // A cancelled task must not start sleeping, and a deadline that has come
    // must not wait for the next `advance(by:)`: check both before suspending.
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    // The cancellation handler and the registration both take the lock, so
    // whichever runs second sees what the first did: no sleeper is lost.
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (outcome, waiters) = state.withLock { state -> (Result<Void, any Error>?, [Waiter]) in
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (nil, state.satisfiedWaiters())
        }
        if let outcome { continuation.resume(with: outcome) }
        for waiter in waiters { waiter.continuation.resume(returning: true) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration` and wakes, earliest first, every sleeper whose deadline has come.
  ///
  /// The woken tasks run after this returns, on their own; a sleeper whose
  /// deadline is still ahead stays asleep and keeps counting in `sleeperCount`.
  public func advance(by duration: Duration) {
    // Collect the due sleepers under the lock but resume them after it: a
    // woken task may call back into the clock at once, and `Mutex` is not reentrant.
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due {
      sleeper.continuation.resume()
    }
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
