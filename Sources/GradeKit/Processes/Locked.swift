import Synchronization

/// A value shared by concurrent jobs, read and changed under a lock.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) { mutex = Mutex(value) }

  func update(_ body: (inout Value) -> Void) { mutex.withLock { body(&$0) } }

  /// Changes the value and returns what `body` returns, in one step.
  func withValue<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }

  var value: Value { mutex.withLock { $0 } }
}
