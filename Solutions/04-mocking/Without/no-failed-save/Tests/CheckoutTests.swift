import Testing
@testable import Mocking

// You test `Checkout` (Lessons/04-mocking/Sources/Checkout.swift) with two test
// doubles: your `PaymentGatewayMock` stands in for the payment provider, your
// `InMemoryOrderStore` fake stands in for the database. Each test gets a fresh
// pair, because Swift Testing makes a new suite value per test.

@Suite("Checkout")
struct CheckoutTests {
  let gateway = PaymentGatewayMock()
  let store = InMemoryOrderStore()
  let cart = Cart(id: "cart-1", items: [
    LineItem(name: "Mug", unitPrice: 1_200, quantity: 2),
    LineItem(name: "Tea", unitPrice: 450),
  ])

  var checkout: Checkout { Checkout(gateway: gateway, orders: store) }

  // The starter's test: it passes, and proves only that charge was called.
  @Test("Placing an order charges the card")
  func placingAnOrderChargesTheCard() async throws {
    gateway.chargeResult = .success("ch_1")

    _ = try await checkout.placeOrder(cart, paying: "tok_visa")

    #expect(gateway.chargeCallCount == 1)
  }

  // Checking the captured arguments, not just the count, is what catches a
  // wrong amount: the mock answers "ch_1" whatever it is asked to charge.
  @Test("The card is charged once, for unit price times quantity")
  func chargesTheTotalOnce() async throws {
    gateway.chargeResult = .success("ch_1")
    let expected = Receipt(orderID: "cart-1", chargeID: "ch_1", total: 2 * 1_200 + 450)

    let receipt = try await checkout.placeOrder(cart, paying: "tok_visa")

    #expect(receipt == expected)
    #expect(gateway.chargeCalls == [.init(amount: expected.total, card: "tok_visa")])
  }

  // The fake lets you check the outcome (what the store holds) instead of
  // which store methods were called.
  @Test("The paid order is saved with its charge")
  func savesThePaidOrder() async throws {
    gateway.chargeResult = .success("ch_1")
    let expected = Order(id: "cart-1", items: cart.items, total: 2_850, chargeID: "ch_1")

    _ = try await checkout.placeOrder(cart, paying: "tok_visa")

    #expect(await store.allOrders == [expected])
  }

  // Nothing is stubbed on purpose: if Checkout charged anyway, the mock would
  // fail this test by itself, with a message naming charge(_:to:).
  @Test("An empty cart is refused before anything is charged")
  func refusesAnEmptyCart() async {
    let input = Cart(id: "cart-empty", items: [])

    await #expect(throws: CheckoutError.emptyCart) {
      try await checkout.placeOrder(input, paying: "tok_visa")
    }
    #expect(gateway.chargeCallCount == 0)
    #expect(await store.allOrders.isEmpty)
  }

  @Test("A declined card is tried once, reported as cardDeclined, and nothing is saved")
  func declinedCard() async {
    gateway.chargeResult = .failure(PaymentError.declined)

    await #expect(throws: CheckoutError.cardDeclined) {
      try await checkout.placeOrder(cart, paying: "tok_visa")
    }
    #expect(gateway.chargeCallCount == 1)
    #expect(await store.allOrders.isEmpty)
  }

  @Test("A payment outage is thrown as it is, not reported as a declined card")
  func paymentOutage() async {
    gateway.chargeResult = .failure(PaymentError.unavailable)

    await #expect(throws: PaymentError.unavailable) {
      try await checkout.placeOrder(cart, paying: "tok_visa")
    }
  }
}
