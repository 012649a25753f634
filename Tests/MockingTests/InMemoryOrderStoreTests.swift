import Testing
@testable import Mocking

/// Grades task 2: `InMemoryOrderStore` keeps orders, finds them, refuses a
/// duplicate id, and lets exactly one of many concurrent saves of an id win.
@Suite("InMemoryOrderStore")
struct InMemoryOrderStoreTests {
  let mug = Order(
    id: "cart-1", items: [LineItem(name: "Mug", unitPrice: 1_200)], total: 1_200, chargeID: "ch_1")
  let tea = Order(
    id: "cart-2", items: [LineItem(name: "Tea", unitPrice: 450, quantity: 2)], total: 900,
    chargeID: "ch_2")

  @Test("A saved order can be found by its id")
  func savedOrderIsFound() async throws {
    let store = InMemoryOrderStore()

    try await store.save(mug)

    #expect(await store.order(id: "cart-1") == mug)
  }

  @Test("An id nobody saved finds nothing")
  func unknownIDFindsNothing() async throws {
    let store = InMemoryOrderStore()
    try await store.save(mug)

    #expect(await store.order(id: "cart-2") == nil)
  }

  @Test("allOrders lists every saved order, in saving order")
  func allOrdersInSavingOrder() async throws {
    let store = InMemoryOrderStore()

    try await store.save(tea)
    try await store.save(mug)

    #expect(await store.allOrders == [tea, mug])
  }

  @Test("A store made with orders already holds them")
  func seededStoreHoldsOrders() async {
    let store = InMemoryOrderStore(orders: [mug, tea])

    #expect(await store.allOrders == [mug, tea])
    #expect(await store.order(id: "cart-2") == tea)
  }

  @Test("Saving a second order with the same id throws duplicateID and keeps the first")
  func duplicateIDIsRefused() async throws {
    let store = InMemoryOrderStore(orders: [mug])
    var impostor = mug
    impostor.total = 1

    await #expect(throws: OrderStoreError.duplicateID("cart-1")) {
      try await store.save(impostor)
    }
    #expect(await store.allOrders == [mug])
  }

  @Test("Of 50 concurrent saves of one id, exactly one succeeds")
  func concurrentSavesOfOneID() async {
    let store = InMemoryOrderStore()
    let attempts = (1...50).map { total in
      Order(id: "cart-1", items: [], total: total, chargeID: ChargeID("ch_\(total)"))
    }

    let successes = await withTaskGroup(of: Bool.self) { group in
      for order in attempts {
        group.addTask { (try? await store.save(order)) != nil }
      }
      return await group.reduce(0) { count, saved in saved ? count + 1 : count }
    }

    #expect(successes == 1)
    #expect(await store.allOrders.count == 1)
  }
}
