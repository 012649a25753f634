// The shop's stock room is shared by every till, each on a thread of its own.
// A serial queue is its lock: every read and write of `stock` runs on `queue`
// (a `SerialQueue`, a DispatchQueue a test can step in between the blocks of),
// one block at a time. take(_:of:) checks the stock and takes from it in one
// block, and inside that block it calls count(of:), which asks for the queue
// again.

/// The stock of each item, safe to share between threads: every access to
/// `stock` runs on one serial queue.
public final class StockRoom: @unchecked Sendable {
  private let queue: SerialQueue
  private var stock: [String: Int] = [:]

  /// Creates an empty stock room whose stock is guarded by `queue`.
  public init(queue: SerialQueue = SerialQueue(label: "StockRoom")) {
    self.queue = queue
  }

  /// Adds `amount` of `item` to the stock.
  public func add(_ amount: Int, of item: String) {
    queue.sync { stock[item, default: 0] += amount }
  }

  /// How many of `item` are in stock.
  public func count(of item: String) -> Int {
    queue.sync { available(item) }
  }

  /// Takes `amount` of `item` out of stock if there are that many, and says
  /// whether it did.
  ///
  /// The check and the take are one step: two tills that ask for the last
  /// item at once never both get it.
  public func take(_ amount: Int, of item: String) -> Bool {
    guard count(of: item) >= amount else { return false }
    queue.sync { stock[item, default: 0] -= amount }
    return true
  }

  /// How many of `item` are in stock; call it only from a block running on `queue`.
  private func available(_ item: String) -> Int {
    stock[item, default: 0]
  }
}
