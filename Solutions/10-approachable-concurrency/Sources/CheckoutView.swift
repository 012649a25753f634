// You are slimming down the checkout screen. SwiftUI does not exist on
// Linux, so this struct stands in for a SwiftUI view: each property is
// something the screen shows, and payTapped() is what its Pay button does.
// A view should only show what its model holds: every decision below
// belongs in CheckoutModel, where a test can reach it.

/// The checkout screen.
public struct CheckoutView {
  /// What the screen shows, worked out.
  public let model: CheckoutModel

  // The view shows what the model worked out and passes taps on: no
  // decisions here, so nothing here needs a test.

  /// One row per item, such as "Tea: 3.50 €".
  public var rows: [String] { model.rows }

  /// The total line, such as "Total: 7.50 €".
  public var totalText: String { model.totalText }

  /// What the screen says instead of rows when the basket is empty.
  public var emptyMessage: String? { model.emptyMessage }

  /// Whether the Pay button can be tapped.
  public var payEnabled: Bool { model.payEnabled }

  /// What the Pay button does.
  public func payTapped() {
    model.payTapped()
  }
}
