import Synchronization

/// A value shared by concurrent jobs, read and changed under a lock.
package final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  package init(_ value: Value) { mutex = Mutex(value) }

  package func update(_ body: (inout Value) -> Void) { mutex.withLock { body(&$0) } }

  /// Changes the value and returns what `body` returns, in one step.
  package func withValue<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }

  package var value: Value { mutex.withLock { $0 } }
}
