import Dispatch

/// A serial queue that runs one block at a time, like `DispatchQueue(label:)`,
/// and lets a test step in between two blocks.
///
/// `sync(_:)` runs a block on a `DispatchQueue` of its own, so a `sync` from
/// inside a block waits for itself and stops the program, as on any serial
/// queue. Once the block has finished and the queue is free again, `sync(_:)`
/// calls `afterEachBlock` on the calling thread, and then returns. The app
/// passes nothing there. A test passes a closure that plays another till: that
/// till's whole call then runs right after a block of yours, every time, where
/// real threads would land there only now and then
/// (`Tests/ActorsAndRacesTests/StockRoomTests.swift` does this).
public final class SerialQueue: Sendable {
  /// The queue every block runs on.
  private let queue: DispatchQueue
  /// Called after each block, on the thread that called `sync(_:)`, with the queue free.
  private let afterEachBlock: @Sendable () -> Void

  /// Creates a serial queue named `label`; `afterEachBlock` runs after each block, once
  /// the queue is free again.
  public init(label: String, afterEachBlock: @escaping @Sendable () -> Void = {}) {
    queue = DispatchQueue(label: label)
    self.afterEachBlock = afterEachBlock
  }

  /// Runs `work` on the queue, once no other block is running, waits for it, calls
  /// `afterEachBlock`, and returns what `work` returned.
  public func sync<T>(_ work: () throws -> T) rethrows -> T {
    let result = try queue.sync(execute: work)
    afterEachBlock()
    return result
  }
}
