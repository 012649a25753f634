// This is where the checkout screen's decisions go, so tests can check them
// without a screen. Move each one here from CheckoutView.swift, then make
// the view show what these members say. Task 3 in the README says what
// done looks like.

import Observation

/// What the checkout screen shows, worked out from a basket.
///
/// `@Observable`, so a SwiftUI view that reads it redraws when what it read
/// changes, and `@MainActor`, like everything here: the screen reads it on
/// the main actor, and so do your tests.
@Observable public final class CheckoutModel {
  /// The basket being paid for.
  public let basket: Basket
  /// Whether a payment is on its way: see `payTapped()` and `pay()`.
  public private(set) var isPaying = false
  /// How many payments have gone through.
  public private(set) var payments = 0

  /// Takes the payment for the basket; the app's is a server call.
  private let charge: @Sendable (Int) async -> Void

  /// Makes the model of a checkout for `basket` that charges with `charge`.
  public init(basket: Basket, charge: @escaping @Sendable (Int) async -> Void = { _ in }) {
    self.basket = basket
    self.charge = charge
  }

  // Worked out here, from the basket, so a test can check every rule
  // without a screen; the view only shows the results.

  /// One row per item, in the basket's order, its price in euros with two
  /// decimals, such as "Tea: 3.50 €" or "Stamp: 0.05 €".
  public var rows: [String] {
    basket.items.map { "\($0.name): \(Self.euros($0.cents))" }
  }

  /// The total line: what the basket costs, its coupon taken off
  /// (`Basket.total`), in euros with two decimals, such as "Total: 7.50 €".
  public var totalText: String {
    "Total: \(Self.euros(basket.total / 100 * 100))"
  }

  /// "Your basket is empty" when it is, `nil` otherwise.
  public var emptyMessage: String? {
    basket.items.isEmpty ? "Your basket is empty" : nil
  }

  /// Whether the Pay button can be tapped: the basket has items and no
  /// payment is on its way, from the tap that started it until its charge
  /// returns.
  public var payEnabled: Bool {
    !basket.items.isEmpty && !isPaying
  }

  /// What the Pay button does: starts a payment of the basket's total, its
  /// coupon taken off, unless the button is disabled, and returns the task
  /// that makes it, so a test can await it; `nil` when the button is disabled.
  ///
  /// A payment is on its way from the tap: a second tap, even one that comes
  /// before the payment's task has started, starts nothing and returns `nil`,
  /// so a quick double tap charges once. `isPaying` is `true` by the time
  /// the charge is asked, at the latest; whether it is `true` already when
  /// this returns is not promised.
  @discardableResult
  public func payTapped() -> Task<Void, Never>? {
    guard payEnabled else { return nil }
    // On its way from the tap, so a second tap before the task starts
    // finds Pay disabled and starts nothing.
    isPaying = true
    return Task { await pay() }
  }

  /// `cents` as euros with two decimals, such as "3.50 €".
  private static func euros(_ cents: Int) -> String {
    let fraction = cents % 100
    return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction) €"
  }

  /// Pays the total: charges `Basket.total` once; `isPaying` is `true` while
  /// the charge is on its way, and once it returns, `payments` counts it and
  /// `isPaying` is `false`.
  public func pay() async {
    isPaying = true
    await charge(basket.total)
    payments += 1
    isPaying = false
  }
}
