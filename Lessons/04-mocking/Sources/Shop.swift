/// An amount of money in cents, so that sums never round.
public typealias Cents = Int

/// A card the customer paid with, as the payment provider's opaque token.
public struct CardToken: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The provider's token, such as `"tok_visa"`.
  public var rawValue: String

  /// Wraps a provider's token.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Lets tests write `"tok_visa"` where a card is expected.
  public init(stringLiteral value: String) { self.init(value) }

  public var description: String { rawValue }
}

/// The payment provider's name for one successful charge.
public struct ChargeID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The provider's identifier, such as `"ch_1"`.
  public var rawValue: String

  /// Wraps a provider's identifier.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Lets tests write `"ch_1"` where a charge is expected.
  public init(stringLiteral value: String) { self.init(value) }

  public var description: String { rawValue }
}

/// One line of a cart: what, at what unit price, how many.
public struct LineItem: Hashable, Sendable {
  /// What the customer buys.
  public var name: String
  /// The price of one of them.
  public var unitPrice: Cents
  /// How many of them.
  public var quantity: Int

  /// Makes a line of a cart.
  public init(name: String, unitPrice: Cents, quantity: Int = 1) {
    self.name = name
    self.unitPrice = unitPrice
    self.quantity = quantity
  }
}

/// What the customer is about to buy. Its `id` becomes the order's id.
public struct Cart: Hashable, Sendable {
  /// The cart's identifier, unique per checkout attempt.
  public var id: String
  /// The lines of the cart.
  public var items: [LineItem]

  /// Makes a cart.
  public init(id: String, items: [LineItem]) {
    self.id = id
    self.items = items
  }
}

/// A paid order, as the order store keeps it.
public struct Order: Hashable, Sendable, Identifiable {
  /// The order's identifier: the id of the cart it came from.
  public var id: String
  /// What was bought.
  public var items: [LineItem]
  /// What the customer was charged.
  public var total: Cents
  /// The charge that paid for it.
  public var chargeID: ChargeID

  /// Makes an order.
  public init(id: String, items: [LineItem], total: Cents, chargeID: ChargeID) {
    self.id = id
    self.items = items
    self.total = total
    self.chargeID = chargeID
  }
}

/// What the customer gets back after paying.
public struct Receipt: Hashable, Sendable {
  /// The order that was saved.
  public var orderID: String
  /// The charge that paid for it.
  public var chargeID: ChargeID
  /// What the customer was charged.
  public var total: Cents

  /// Makes a receipt.
  public init(orderID: String, chargeID: ChargeID, total: Cents) {
    self.orderID = orderID
    self.chargeID = chargeID
    self.total = total
  }
}
