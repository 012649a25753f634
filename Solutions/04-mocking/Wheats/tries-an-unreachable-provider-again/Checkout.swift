/// Turns a cart into a paid, saved order.
///
/// `Checkout` has two collaborators: a `PaymentGateway` that moves money and
/// an `OrderStore` that keeps orders. Its rules:
///
/// - An empty cart is refused before anything is charged.
/// - The card is charged once, for the sum of unit price times quantity.
/// - A declined card is not tried again: it becomes
///   `CheckoutError.cardDeclined`. When the provider cannot be reached
///   (`PaymentError.unavailable`, so nothing was charged), `Checkout` may
///   try again before it gives up; any payment error it gives up on, other
///   than a decline, is thrown as it is.
/// - When the order cannot be saved, the charge is refunded and
///   `CheckoutError.orderNotSaved` is thrown: the customer never pays for an
///   order the shop does not have.
public struct Checkout: Sendable {
  private let gateway: any PaymentGateway
  private let orders: any OrderStore

  /// Makes a checkout that charges through `gateway` and saves into `orders`.
  public init(gateway: any PaymentGateway, orders: any OrderStore) {
    self.gateway = gateway
    self.orders = orders
  }

  /// Charges `card` for `cart`, saves the order and returns the receipt.
  ///
  /// The order saved has the cart's id and items, the total charged and the
  /// charge's id; the receipt names that order, that charge and that total.
  public func placeOrder(_ cart: Cart, paying card: CardToken) async throws -> Receipt {
    guard !cart.items.isEmpty else { throw CheckoutError.emptyCart }
    let total = cart.items.reduce(0) { sum, item in sum + item.unitPrice * item.quantity }

    let chargeID: ChargeID
    do {
      chargeID = try await charge(total, to: card)
    } catch PaymentError.declined {
      throw CheckoutError.cardDeclined
    }

    let order = Order(id: cart.id, items: cart.items, total: total, chargeID: chargeID)
    do {
      try await orders.save(order)
    } catch {
      try await gateway.refund(chargeID)
      throw CheckoutError.orderNotSaved
    }
    return Receipt(orderID: order.id, chargeID: chargeID, total: total)
  }

  /// Charges `card`, and tries once more when the provider could not be
  /// reached: nothing was charged then, so the card is still charged once.
  private func charge(_ total: Cents, to card: CardToken) async throws -> ChargeID {
    do {
      return try await gateway.charge(total, to: card)
    } catch PaymentError.unavailable {
      return try await gateway.charge(total, to: card)
    }
  }
}

/// Why a checkout did not produce an order.
public enum CheckoutError: Error, Equatable {
  /// The cart has no items; nothing was charged.
  case emptyCart
  /// The bank declined the card; nothing was charged.
  case cardDeclined
  /// The order could not be saved; the charge was refunded.
  case orderNotSaved
}
