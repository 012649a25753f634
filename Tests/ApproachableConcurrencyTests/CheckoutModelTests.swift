import Observation
import Testing
@testable import ApproachableConcurrency

/// The checkout screen's rules, checked on its model: no screen needed.
///
/// `@MainActor`, because the model is: this test target keeps Swift's
/// default isolation, so the suite says where it runs.
@MainActor
@Suite("Checkout model")
struct CheckoutModelTests {
  @Test("Shows one row per item, in order, in euros with two decimals")
  func rows() {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Stamp", cents: 5))
    basket.add(Item("Cake", cents: 1200))
    let model = CheckoutModel(basket: basket)

    let expected = ["Tea: 3.50 €", "Stamp: 0.05 €", "Cake: 12.00 €"]
    #expect(model.rows == expected)
  }

  @Test("Shows the total after the coupon")
  func total() {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Cake", cents: 400))
    basket.applyCoupon(cents: 90)
    let model = CheckoutModel(basket: basket)

    #expect(model.totalText == "Total: 6.60 €")
  }

  @Test("Says the basket is empty only when it is")
  func emptyMessage() {
    let basket = Basket()
    let model = CheckoutModel(basket: basket)
    #expect(model.emptyMessage == "Your basket is empty")
    #expect(model.rows.isEmpty)
    #expect(model.totalText == "Total: 0.00 €")

    basket.add(Item("Tea", cents: 350))
    #expect(model.emptyMessage == nil)
  }

  @Test("Enables Pay only for a basket with items")
  func payEnabledNeedsItems() {
    let basket = Basket()
    let model = CheckoutModel(basket: basket)
    #expect(!model.payEnabled)

    basket.add(Item("Tea", cents: 350))
    #expect(model.payEnabled)
  }

  @Test("Tells whoever watches it, as a view does, when Pay turns on")
  func observable() async throws {
    let basket = Basket()
    let model = CheckoutModel(basket: basket)
    let enabled = Recorder(Observations { model.payEnabled })
    _ = try await enabled.first(1, within: .seconds(2))  // Pay as it starts

    basket.add(Item("Tea", cents: 350))
    let values = try await enabled.first(2, within: .seconds(2))

    #expect(values == [false, true])
  }

  @Test("Tapping Pay charges the total once, with Pay disabled meanwhile")
  func payTapped() async throws {
    let gate = Gate()
    let charged = ChargeLog()
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let model = CheckoutModel(basket: basket) { cents in
      await charged.add(cents)
      await gate.wait()
    }

    let payment = try #require(model.payTapped())
    await gate.arrivals(1)
    #expect(model.isPaying)
    #expect(!model.payEnabled)
    #expect(model.payTapped() == nil, "a second tap while paying starts nothing")

    gate.open()
    await payment.value
    #expect(await charged.amounts == [350])
    #expect(model.payments == 1)
    #expect(model.payEnabled)
  }

  @Test("Tapping Pay on an empty basket charges nothing")
  func payTappedEmpty() {
    let model = CheckoutModel(basket: Basket()) { _ in
      Issue.record("an empty basket was charged")
    }
    #expect(model.payTapped() == nil)
  }
}

/// The amounts a fake charge was asked for.
actor ChargeLog {
  private(set) var amounts: [Int] = []

  func add(_ cents: Int) {
    amounts.append(cents)
  }
}
