import XCTest

// Basket's old XCTest suite, kept in this module, where every declaration is
// @MainActor unless it says otherwise. XCTestCase is not @MainActor, so a
// subclass that is cannot override anything, not even the initializer it
// inherits: someone already marked the class nonisolated, which Swift
// requires. Now its methods run on no actor, and the basket lives on the
// main actor, so each call to it is refused in Swift 6 mode.

nonisolated final class BasketXCTests: XCTestCase {
  var basket: Basket!

  // TODO: setUp() makes a main-actor basket from a nonisolated method. Run it
  // on the main actor instead. XCTestCase's synchronous setUp() cannot be
  // overridden by a @MainActor one; its async throws version can.
  override func setUp() {
    basket = Basket()
  }

  // TODO: Run this test on the main actor, where the basket lives, and make it
  // async: on Linux a class whose test methods are all synchronous and
  // @MainActor crashes the test run.
  func testTotalAddsUpTheItems() {
    basket.add(Item("Tea", cents: 350))
    basket.add(Item("Cake", cents: 425))
    XCTAssertEqual(basket.total, 775)
  }

  // TODO: The same for this test.
  func testACouponNeverTakesTheTotalBelowZero() {
    basket.add(Item("Tea", cents: 350))
    basket.applyCoupon(cents: 500)
    XCTAssertEqual(basket.total, 0)
  }

  // TODO: And for this one.
  func testEmptyingTheBasketKeepsTheCoupon() {
    basket.add(Item("Tea", cents: 350))
    basket.applyCoupon(cents: 100)
    basket.removeAll()
    basket.add(Item("Cake", cents: 425))
    XCTAssertEqual(basket.total, 325)
  }
}
