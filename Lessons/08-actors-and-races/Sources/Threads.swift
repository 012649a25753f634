import Foundation

/// Runs `body` `times` times on each of `threads` new threads at once, and
/// returns when every thread has finished.
///
/// Every thread waits at a start line until all of them are running, then
/// all go together, so their calls overlap instead of one thread finishing
/// before the next begins. Real `Thread`s, not `DispatchQueue.concurrentPerform`
/// or a task group: ThreadSanitizer on Linux reliably sees a race between
/// threads, but only sometimes between the iterations of `concurrentPerform`
/// or the children of a task group.
public func onThreads(_ threads: Int, times: Int, _ body: @escaping @Sendable () -> Void) {
  let ready = DispatchGroup()
  let startLine = DispatchSemaphore(value: 0)
  let finished = DispatchGroup()
  for _ in 0..<threads {
    ready.enter()
    finished.enter()
    Thread {
      ready.leave()
      startLine.wait()
      for _ in 0..<times { body() }
      finished.leave()
    }.start()
  }
  ready.wait()
  for _ in 0..<threads { startLine.signal() }
  finished.wait()
}
