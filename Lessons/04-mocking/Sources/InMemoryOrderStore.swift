// You are writing a fake: a small, working order store that keeps orders in
// memory and follows the real store's one rule, no two orders with the same
// id. It is an actor, so the compiler guards its state for you; callers
// outside `await` every use. Task 2 in the README says what done looks like.

/// A fake `OrderStore`: a working store that keeps orders in memory and
/// follows the real store's rule (no two orders with the same id).
public actor InMemoryOrderStore: OrderStore {
  // TODO: Add the stored property that keeps the orders, in saving order.

  /// Makes a store that already holds `orders`, oldest first.
  public init(orders: [Order] = []) {
    // TODO: Keep `orders`.
  }

  /// Every order kept, in the order they were saved.
  public var allOrders: [Order] {
    // TODO: Return every kept order.
    []
  }

  public func save(_ order: Order) throws {
    // TODO: Throw OrderStoreError.duplicateID(order.id) when an order with
    // that id is kept already; otherwise keep the order.
    fatalError("Please implement save(_:)")
  }

  public func order(id: String) -> Order? {
    // TODO: Return the kept order with this id, or nil.
    fatalError("Please implement order(id:)")
  }
}
