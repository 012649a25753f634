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

  // Observations is new in macOS 26 and iOS 26 (the toolchain's Observation
  // interface says so), while the workbook builds for macOS 15: on an older
  // system Swift Testing skips this test, saying what it requires.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
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

  @Test("A quick double tap, the second before the payment's task has started, charges once")
  func doubleTap() async throws {
    let charges = ChargeLog()
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let model = CheckoutModel(basket: basket) { cents in await charges.add(cents) }

    let payment = try #require(model.payTapped())
    #expect(!model.payEnabled, "Pay is disabled from the tap")
    let second = model.payTapped()  // no await since the first tap: its task has not started
    #expect(second == nil, "a second tap starts nothing")

    await payment.value
    await second?.value
    #expect(await charges.amounts == [350])
    #expect(model.payments == 1)
  }

  @Test("Tapping Pay on an empty basket charges nothing")
  func payTappedEmpty() {
    let model = CheckoutModel(basket: Basket()) { _ in
      Issue.record("an empty basket was charged")
    }
    #expect(model.payTapped() == nil)
  }
}

/// The checkout screen itself: what it shows and what its Pay button does
/// come from the model, so a view that shows the wrong member, or does
/// nothing when tapped, fails here.
@MainActor
@Suite("Checkout view")
struct CheckoutViewTests {
  @Test("Shows the model's rows, total, empty message and Pay button")
  func showsTheModel() {
    let basket = Basket()
    let view = CheckoutView(model: CheckoutModel(basket: basket))
    #expect(view.rows.isEmpty)
    #expect(view.totalText == "Total: 0.00 €")
    #expect(view.emptyMessage == "Your basket is empty")
    #expect(!view.payEnabled)

    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Stamp", cents: 5))
    basket.applyCoupon(cents: 50)

    let expected = ["Tea: 3.50 €", "Stamp: 0.05 €"]
    #expect(view.rows == expected)
    #expect(view.totalText == "Total: 3.05 €")
    #expect(view.emptyMessage == nil)
    #expect(view.payEnabled)
  }

  // Observations is new in macOS 26 and iOS 26, while the workbook builds for
  // macOS 15: on an older system Swift Testing skips this test, saying what it
  // requires.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test("Tapping Pay on the screen pays the total once")
  func payTapped() async throws {
    let gate = Gate()
    let charges = ChargeLog()
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let model = CheckoutModel(basket: basket) { cents in
      await charges.add(cents)
      await gate.wait()
    }
    let view = CheckoutView(model: model)

    view.payTapped()
    try #require(!view.payEnabled, "a tap on the screen's Pay button reaches the model, which turns Pay off at once")
    view.payTapped()  // a quick second tap

    await gate.arrivals(1)  // the charge is asked, held at the gate
    let payments = Recorder(Observations { model.payments })
    #expect(try await payments.first(1, within: .seconds(2)) == [0])
    gate.open()
    #expect(try await payments.first(2, within: .seconds(2)) == [0, 1])
    #expect(await charges.amounts == [350])
    #expect(view.payEnabled)
  }
}

/// The amounts a fake charge was asked for.
actor ChargeLog {
  private(set) var amounts: [Int] = []

  func add(_ cents: Int) {
    amounts.append(cents)
  }
}
