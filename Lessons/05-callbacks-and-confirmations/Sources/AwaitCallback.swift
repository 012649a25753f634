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
  // TODO: Wrap the wait in `withCheckedThrowingContinuation`, with no
  // `await` before it, so `start` runs before this function first suspends.
  // Start a timer task that sleeps for `timeout` on `clock` and then resumes
  // with `CallbackTimeout(timeout: timeout)`, call `start` with a handler
  // that resumes with the value, and make sure only the first of them
  // resumes the continuation: keep it in a small `Sendable` final class
  // whose one `let` is a `Mutex`, as lesson 4's mocks keep their state, and
  // take it out under the lock to resume it (README, task 1, says why a
  // bare `Mutex` will not do).
  fatalError("Please implement awaitCallback(timeout:clock:isolation:_:)")
}
