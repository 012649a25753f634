import Foundation

/// Work that blocks, such as waiting on a process, run side by side on threads of its own.
package enum SideBySide {
  /// The cores this process may use: how wide work that keeps a core busy goes.
  package static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// Calls `body` for each index in `0..<count`, `width` at a time, and returns when all are done.
  ///
  /// The calls run on threads of their own, not on Dispatch's: on Linux its pool runs at most one
  /// more work item than there are cores however long they block (eight half-second sleeps took
  /// 1.5 s on 2 cores), and a job blocks on its process from start to end.
  package static func run(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let next = Locked(0)
    let finished = DispatchGroup()
    for _ in 0..<min(max(1, width), count) {
      finished.enter()
      let thread = Thread {
        while case let index = next.withValue({ value -> Int in
          defer { value += 1 }
          return value
        }), index < count {
          body(index)
        }
        finished.leave()
      }
      // As much stack as the main thread has: a job decodes its events and folds its results.
      thread.stackSize = 8 << 20
      thread.start()
    }
    finished.wait()
  }
}
