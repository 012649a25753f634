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

  // This test passes, and it proves almost nothing: see "Where mocks lie" in
  // the README. Keep it or replace it.
  @Test("Placing an order charges the card")
  func placingAnOrderChargesTheCard() async throws {
    gateway.chargeResult = .success("ch_1")

    _ = try await checkout.placeOrder(cart, paying: "tok_visa")

    #expect(gateway.chargeCallCount == 1)
  }

  // TODO: Add tests that pin down every rule in Checkout's documentation:
  // the amount charged, the order saved, an empty cart, a declined card, a
  // payment outage, and a save that fails. For the failing save, choose a
  // double: the fake started with the cart's id, or a stub store of your own
  // whose save always throws. Say in a comment why you chose it.
}
