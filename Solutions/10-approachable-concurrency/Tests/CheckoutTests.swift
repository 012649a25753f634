import Testing
@testable import ApproachableConcurrency

/// What the checkout screen's model promises, checked with no screen.
///
/// `@MainActor`, because the model is: the suite reads it as the view would,
/// with no `await`.
@MainActor
@Suite("Checkout")
struct CheckoutTests {
  @Test("Shows one row per item, in the basket's order, in euros with two decimals")
  func rowsInOrder() {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Stamp", cents: 9))
    basket.add(Item("Cake", cents: 1200))
    basket.add(Item("Bike", cents: 15010))
    let model = CheckoutModel(basket: basket)

    // 9 and 10 cents are where a missing or extra leading zero shows; 150 euros
    // is more than the 99 a slip in the cents-to-euros division would hide under.
    let expected = ["Tea: 3.50 €", "Stamp: 0.09 €", "Cake: 12.00 €", "Bike: 150.10 €"]
    #expect(model.rows == expected)
  }

  @Test("An empty basket says so")
  func emptyBasket() {
    let model = CheckoutModel(basket: Basket())

    #expect(model.emptyMessage == "Your basket is empty")
  }

  @Test("The total line shows what the basket costs, its coupon taken off")
  func totalLine() {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Cake", cents: 400))
    basket.applyCoupon(cents: 95)
    let model = CheckoutModel(basket: basket)

    #expect(model.totalText == "Total: 6.55 €")
  }

  @Test("A basket with items is not empty, even when a coupon makes it free")
  func freeBasketIsNotEmpty() {
    let basket = Basket()
    basket.add(Item("Stamp", cents: 95))
    basket.applyCoupon(cents: 100)
    let model = CheckoutModel(basket: basket)

    #expect(model.emptyMessage == nil)
    #expect(model.totalText == "Total: 0.00 €")
  }

  @Test("While a payment is on its way, Pay is disabled and a second tap starts nothing")
  func whilePaying() async throws {
    let gate = Gate()
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let model = CheckoutModel(basket: basket) { _ in await gate.wait() }

    let payment = try #require(model.payTapped())
    await gate.arrivals(1)  // the charge is on its way, held at the gate

    #expect(model.isPaying)
    #expect(!model.payEnabled)
    #expect(model.payments == 0, "not counted before the charge returns")
    #expect(model.payTapped() == nil, "a second tap starts nothing")

    gate.open()
    await payment.value
  }

  @Test("Paying without the button says it is paying while the charge is on its way")
  func payDirectly() async {
    let gate = Gate()
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let model = CheckoutModel(basket: basket) { _ in await gate.wait() }

    let payment = Task { await model.pay() }
    await gate.arrivals(1)  // the charge is on its way, held at the gate

    #expect(model.isPaying)
    gate.open()
    await payment.value
    #expect(!model.isPaying)
  }

  @Test("A quick double tap, the second before the payment's task has started, charges once")
  func doubleTap() async throws {
    let charges = ChargeLog()
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let model = CheckoutModel(basket: basket) { cents in await charges.add(cents) }

    let payment = try #require(model.payTapped())
    let second = model.payTapped()  // no await between: the first task has not started

    #expect(second == nil, "a second tap starts nothing")
    #expect(!model.payEnabled)
    await payment.value
    await second?.value
    #expect(await charges.amounts == [350])
  }

  @Test("Once the charge returns, the total was charged once and Pay is enabled again")
  func afterPaying() async throws {
    let charges = ChargeLog()
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Cake", cents: 400))
    basket.applyCoupon(cents: 100)  // the total is what is charged, the coupon taken off
    let model = CheckoutModel(basket: basket) { cents in await charges.add(cents) }

    let payment = try #require(model.payTapped())
    await payment.value

    #expect(await charges.amounts == [650])
    #expect(model.payments == 1)
    #expect(!model.isPaying)
    #expect(model.payEnabled)
  }

  @Test("Tapping Pay on an empty basket starts nothing")
  func emptyBasketPaysNothing() {
    let model = CheckoutModel(basket: Basket()) { _ in
      Issue.record("an empty basket was charged")
    }

    #expect(!model.payEnabled)
    #expect(model.payTapped() == nil)
  }
}

/// The amounts a fake charge was asked for, in order.
actor ChargeLog {
  private(set) var amounts: [Int] = []

  /// Notes a charge of `cents`.
  func add(_ cents: Int) {
    amounts.append(cents)
  }
}
