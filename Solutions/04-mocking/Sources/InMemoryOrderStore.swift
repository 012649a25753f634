// You are writing a fake: a small, working order store that keeps orders in
// memory and follows the real store's one rule, no two orders with the same
// id. It is an actor, so the compiler guards its state for you; callers
// outside `await` every use. Task 2 in the README says what done looks like.

/// A fake `OrderStore`: a working store that keeps orders in memory and
/// follows the real store's rule (no two orders with the same id).
public actor InMemoryOrderStore: OrderStore {
  // An array, not a dictionary, so `allOrders` comes back in saving order.
  // No lock: the actor lets one task at a time touch it.
  private var orders: [Order]

  /// Makes a store that already holds `orders`, oldest first.
  public init(orders: [Order] = []) {
    // Seeding through init lets a test start from "this order already
    // exists", which is how it makes `save` fail without a failure switch.
    self.orders = orders
  }

  /// Every order kept, in the order they were saved.
  public var allOrders: [Order] {
    // Outside the actor this reads as `await store.allOrders`: the price of
    // an actor double is that even a test's reads are awaited.
    orders
  }

  public func save(_ order: Order) throws {
    // Synchronous inside the actor: no `await` between the check and the
    // append, so two concurrent saves of one id cannot both get in (an await
    // there would open a reentrancy gap). It still satisfies the protocol's
    // `async throws` requirement.
    guard !orders.contains(where: { $0.id == order.id }) else {
      throw OrderStoreError.duplicateID(order.id)
    }
    orders.append(order)
  }

  public func order(id: String) -> Order? {
    // A linear search is fine for a fake: clarity beats speed here.
    orders.first { $0.id == id }
  }
}
