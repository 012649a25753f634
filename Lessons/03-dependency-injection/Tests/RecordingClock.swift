import Synchronization

// A clock for your tests of `Reconnector` in task 5. You don't change this
// file; create one, pass it as the reconnector's `clock`, and read `sleeps`.

/// A clock that never really sleeps: it records each wait and jumps straight past it.
///
/// Code that takes `any Clock<Duration>` runs against it unchanged, and a test
/// reads `sleeps` to see exactly how long the code asked to wait.
final class RecordingClock: Clock {
  /// A point on this clock: how far it has moved since it was created.
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleeps: [Duration] = []
  }

  private let state = Mutex(State())

  var now: Instant {
    state.withLock { $0.now }
  }

  var minimumResolution: Duration {
    .zero
  }

  /// Every wait the code asked for, in order.
  var sleeps: [Duration] {
    state.withLock { $0.sleeps }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    state.withLock { state in
      state.sleeps.append(state.now.duration(to: deadline))
      state.now = deadline
    }
  }
}
