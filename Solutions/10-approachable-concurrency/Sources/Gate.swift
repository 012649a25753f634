import Synchronization

/// A door that async code waits at until your test opens it.
///
/// Make a dependency `await gate.wait()` and the code that calls it stops
/// there, mid-operation, for as long as your test likes. `arrivals(_:)` tells
/// the test when that many callers have reached the door, so it never guesses
/// with sleeps or `Task.yield()`:
///
/// ```
/// let gate = Gate()
/// let source = FakeRates(rates: ["USD": 1.1]) { currency in
///   if currency == "USD" { await gate.wait() }  // only the USD rate waits
/// }
/// let converting = Task { await converter.convert(10, to: "USD") }
/// await gate.arrivals(1)  // now that call is suspended, mid-way
/// // ... act while it waits ...
/// gate.open()             // let it finish
/// await converting.value
/// ```
nonisolated public final class Gate: Sendable {
  /// Everything the gate knows, guarded by one lock.
  private struct State {
    /// Whether `open()` has been called; from then on nobody waits.
    var isOpen = false
    /// How many calls to `wait()` have arrived, open or not.
    var arrived = 0
    /// Callers of `wait()` suspended until the gate opens.
    var waiting: [CheckedContinuation<Void, Never>] = []
    /// Callers of `arrivals(_:)`, each with the count it waits for.
    var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  /// The state; a `Mutex` because `wait()` and `open()` run on any thread.
  private let state = Mutex(State())

  /// Makes a closed gate.
  public init() {}

  /// Suspends until the gate is open; returns at once if it is open already.
  public func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow: [CheckedContinuation<Void, Never>] = state.withLock { state in
        state.arrived += 1
        var ready: [CheckedContinuation<Void, Never>] = []
        state.watchers.removeAll { watcher in
          guard state.arrived >= watcher.count else { return false }
          ready.append(watcher.continuation)
          return true
        }
        if state.isOpen { ready.append(continuation) } else { state.waiting.append(continuation) }
        return ready
      }
      // Resumed outside the lock, so resumed code can use the gate again.
      for continuation in resumeNow { continuation.resume() }
    }
  }

  /// Suspends until `count` calls to `wait()` have arrived, counting from the start.
  public func arrivals(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let reached = state.withLock { state in
        guard state.arrived < count else { return true }
        state.watchers.append((count, continuation))
        return false
      }
      if reached { continuation.resume() }
    }
  }

  /// Opens the gate: every caller waiting goes on, and later callers do not wait.
  public func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}
