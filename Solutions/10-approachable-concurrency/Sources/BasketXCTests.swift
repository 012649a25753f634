import XCTest

// Basket's old XCTest suite, kept in this module, where every declaration is
// @MainActor unless it says otherwise. XCTestCase is not @MainActor, so a
// subclass that is cannot override anything, not even the initializer it
// inherits: someone already marked the class nonisolated, which Swift
// requires. Now its methods run on no actor, and the basket lives on the
// main actor, so each call to it is refused in Swift 6 mode.

nonisolated final class BasketXCTests: XCTestCase {
  var basket: Basket!

  // The class stays nonisolated, so it overrides nothing with another
  // isolation; the async throws setUp() may be @MainActor, because XCTest
  // awaits it, and so it makes the main-actor basket on the main actor.
  @MainActor override func setUp() async throws {
    basket = Basket()
  }

  // @MainActor, so the calls to the basket need no hop; async, because XCTest
  // on Linux cannot run a class whose test methods are all synchronous and
  // @MainActor (its list of tests fails to cast them).
  @MainActor func testTotalAddsUpTheItems() async {
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Cake", cents: 425))
    XCTAssertEqual(basket.total, 775)
  }

  // On the main actor, like every test of the basket.
  @MainActor func testACouponNeverTakesTheTotalBelowZero() async {
    basket.add(Item("Tea", cents: 350))
    basket.applyCoupon(cents: 500)
    XCTAssertEqual(basket.total, 0)
  }

  // On the main actor, like every test of the basket.
  @MainActor func testEmptyingTheBasketKeepsTheCoupon() async {
    basket.add(Item("Tea", cents: 350))
    basket.applyCoupon(cents: 100)
    basket.removeAll()
    basket.add(Item("Cake", cents: 425))
    XCTAssertEqual(basket.total, 325)
  }
}
