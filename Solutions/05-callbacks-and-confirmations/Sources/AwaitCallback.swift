import Synchronization

// You are writing the helper that lets a test wait for a completion handler
// without ever hanging the suite. It bridges the handler to `async` with a
// continuation, resumes that continuation exactly once whatever the code
// under test does, and gives up after `timeout` on the clock it is given.
// Task 1 in the README says what done looks like.

/// The error `awaitCallback(timeout:clock:isolation:_:)` throws when the handler is not
/// called in time.
public struct CallbackTimeout: Error, Equatable, CustomStringConvertible {
  /// How long the helper waited.
  public var timeout: Duration

  /// Makes the error for a wait of `timeout`.
  public init(timeout: Duration) { self.timeout = timeout }

  public var description: String { "The completion handler was not called within \(timeout)" }
}

/// Starts some callback-based work and waits for its handler, for at most
/// `timeout` on `clock`.
///
/// `start` receives the handler to pass to the code under test. The first
/// call of that handler, on any task and even before `start` returns, is
/// what `awaitCallback` returns; later calls are ignored, so a handler
/// called twice never crashes your test. When nobody calls it within
/// `timeout` on `clock`, it throws `CallbackTimeout(timeout:)`.
///
/// It runs `start` on the caller's actor, before it first suspends: work
/// that `start` sets up on that actor cannot begin before `start` returns.
public func awaitCallback<Value: Sendable>(
  timeout: Duration,
  clock: any Clock<Duration> = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  _ start: (@escaping @Sendable (Value) -> Void) -> Void
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    // The handler and the timer race to finish the wait. `ResumeOnce` lets
    // the first of them resume the continuation and ignores the rest:
    // resuming twice crashes, and never resuming hangs the test.
    let once = ResumeOnce(continuation)
    // Cancelling a task does not wake a continuation it waits on, so the
    // timer resumes it itself, from its own unstructured task.
    let timer = Task {
      try? await clock.sleep(for: timeout)
      once.resume(with: .failure(CallbackTimeout(timeout: timeout)))
    }
    start { value in
      once.resume(with: .success(value))
      // Stops the timer's sleep, so a long timeout costs nothing.
      timer.cancel()
    }
  }
}

/// A continuation that the first caller of `resume(with:)` resumes, and that
/// every later caller leaves alone.
private final class ResumeOnce<Value: Sendable>: Sendable {
  /// The continuation, until somebody takes it to resume it.
  private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

  /// Wraps `continuation`, which nobody has resumed yet.
  init(_ continuation: CheckedContinuation<Value, any Error>) {
    self.continuation = Mutex(continuation)
  }

  /// Resumes the continuation with `result`, unless it was resumed before.
  func resume(with result: Result<Value, any Error>) {
    // Take it out under the lock and resume it outside: of two callers at
    // once, exactly one gets it.
    let taken = continuation.withLock { held in
      defer { held = nil }
      return held
    }
    taken?.resume(with: result)
  }
}
