// You are slimming down the checkout screen. SwiftUI does not exist on
// Linux, so this struct stands in for a SwiftUI view: each property is
// something the screen shows, and payTapped() is what its Pay button does.
// A view should only show what its model holds: every decision below
// belongs in CheckoutModel, where a test can reach it.

/// The checkout screen.
public struct CheckoutView {
  /// What the screen shows, worked out.
  public let model: CheckoutModel

  // TODO: Each of these works something out itself. Move that work into
  // CheckoutModel's matching members and have the view show what they say.

  /// One row per item, such as "Tea: 3.50 €".
  public var rows: [String] {
    model.basket.items.map { item in "\(item.name): \(item.cents / 100).\(item.cents % 100 < 10 ? "0" : "")\(item.cents % 100) €" }
  }

  /// The total line, such as "Total: 7.50 €".
  public var totalText: String {
    let total = model.basket.total
    return "Total: \(total / 100).\(total % 100 < 10 ? "0" : "")\(total % 100) €"
  }

  /// What the screen says instead of rows when the basket is empty.
  public var emptyMessage: String? {
    model.basket.items.isEmpty ? "Your basket is empty" : nil
  }

  /// Whether the Pay button can be tapped.
  public var payEnabled: Bool {
    !model.basket.items.isEmpty && !model.isPaying
  }

  /// What the Pay button does.
  public func payTapped() {
    Task { await model.pay() }
  }
}
