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
    run(costs: Array(repeating: 1, count: count), budget: Double(max(1, width)), cap: max(1, width), body)
  }

  /// Calls `body` for each index of `costs`, in order, starting each once the costs of the calls
  /// still running leave room for its own within `budget`, and at most `cap` at once; one call
  /// always may run, whatever its cost. Returns when all are done.
  ///
  /// Each call runs on a thread of its own. A cost below 1 is a call that mostly waits: more of
  /// them run at once for the same load.
  package static func run(costs: [Double], budget: Double, cap: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let admission = Admission()
    for index in costs.indices {
      admission.enter(cost: costs[index], budget: budget, cap: cap)
      let thread = Thread {
        body(index)
        admission.leave(cost: costs[index])
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    admission.waitForAll()
  }

  /// The calls running and their costs, under one lock.
  private final class Admission: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var running = 0
    private var used = 0.0

    /// Waits until a call of `cost` fits, then counts it as running.
    func enter(cost: Double, budget: Double, cap: Int) {
      condition.lock()
      while running > 0 && (running >= cap || used + cost > budget) { condition.wait() }
      running += 1
      used += cost
      condition.unlock()
    }

    /// Counts a call of `cost` as done.
    func leave(cost: Double) {
      condition.lock()
      running -= 1
      used -= cost
      condition.broadcast()
      condition.unlock()
    }

    /// Waits until no call runs.
    func waitForAll() {
      condition.lock()
      while running > 0 { condition.wait() }
      condition.unlock()
    }
  }
}
