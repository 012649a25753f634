import Foundation

/// Runs `body` `times` times on each of `threads` new threads at once, and
/// returns when every thread has finished.
///
/// Real `Thread`s, not `DispatchQueue.concurrentPerform` or a task group:
/// ThreadSanitizer on Linux sees a race between threads, but not between the
/// iterations of `concurrentPerform` or the children of a task group.
public func onThreads(_ threads: Int, times: Int, _ body: @escaping @Sendable () -> Void) {
  let finished = DispatchGroup()
  for _ in 0..<threads {
    finished.enter()
    Thread {
      for _ in 0..<times { body() }
      finished.leave()
    }.start()
  }
  finished.wait()
}
