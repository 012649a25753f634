import Testing
@testable import ApproachableConcurrency

// Observations, behind totals(), is new in macOS 26 and iOS 26: each test
// that calls totals() says so, and on an older system Swift Testing skips it,
// saying what it requires.
@MainActor
@Suite("Basket totals")
struct BasketTests {
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test("Starts with the total when you start listening")
  func startsWithCurrentTotal() async throws {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let totals = Recorder(basket.totals())

    let values = try await totals.first(1, within: .seconds(2))

    #expect(values == [350])
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test("Changes made together yield one total, the last")
  func changesTogetherYieldOne() async throws {
    let basket = Basket()
    let totals = Recorder(basket.totals())
    _ = try await totals.first(1, within: .seconds(2))

    // Three changes with no await between them: one transaction.
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Cake", cents: 400))
    basket.applyCoupon(cents: 100)
    let values = try await totals.first(2, within: .seconds(2))

    #expect(values == [0, 650])
  }

  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @Test("Changing only the coupon yields a new total")
  func couponYields() async throws {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    let totals = Recorder(basket.totals())
    _ = try await totals.first(1, within: .seconds(2))

    basket.applyCoupon(cents: 50)
    let values = try await totals.first(2, within: .seconds(2))

    #expect(values == [350, 300])
  }

  @Test("A coupon worth more than the basket makes the total 0")
  func neverBelowZero() {
    let basket = Basket()
    basket.add(Item("Stamp", cents: 95))
    basket.applyCoupon(cents: 500)

    #expect(basket.total == 0)
  }

  @Test("Adding puts an item at the end")
  func addsAtTheEnd() {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Cake", cents: 400))

    let expected = [Item("Tea", cents: 350), Item("Cake", cents: 400)]
    #expect(basket.items == expected)
  }

  @Test("A new coupon replaces the one before")
  func couponReplacesTheOneBefore() {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.applyCoupon(cents: 100)

    basket.applyCoupon(cents: 50)

    #expect(basket.discount == 50)
    #expect(basket.total == 300)
  }

  @Test("Emptying the basket keeps the coupon")
  func removeAllKeepsTheCoupon() {
    let basket = Basket()
    basket.add(Item("Tea", cents: 350))
    basket.applyCoupon(cents: 100)

    basket.removeAll()
    basket.add(Item("Cake", cents: 400))

    #expect(basket.items == [Item("Cake", cents: 400)])
    #expect(basket.discount == 100)
    #expect(basket.total == 300)
  }
}
