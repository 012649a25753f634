/// Where paid orders are kept.
///
/// The real one is a database. Tests use `InMemoryOrderStore`, a fake that
/// follows the same rules.
public protocol OrderStore: Sendable {
  /// Keeps `order`. Throws `OrderStoreError.duplicateID` when an order with
  /// the same id is already kept, and then keeps the old one unchanged.
  func save(_ order: Order) async throws

  /// The order with `id`, or `nil` when there is none.
  func order(id: String) async -> Order?
}

/// Why an order store refused an order.
public enum OrderStoreError: Error, Equatable {
  /// An order with this id is already kept.
  case duplicateID(String)
}
