import XCTest

// Basket's old XCTest suite, kept in this module, where every declaration is
// @MainActor unless it says otherwise. As first written, a final class with
// no attribute that made its basket in setUp(), Swift 6.3.1 refused it: a
// @MainActor subclass cannot override XCTestCase's nonisolated setUp(), nor
// even the initializer it inherits. Someone made it compile by marking the
// class nonisolated, which Swift requires, and by wrapping each test in
// MainActor.assumeIsolated, which is no fix: the compiler checks nothing, and
// the program stops the day a test is called off the main thread.

nonisolated final class BasketXCTests: XCTestCase {
  // TODO: Make the basket once per test again, in a setUp() that runs on the
  // main actor. XCTestCase's synchronous setUp() cannot be overridden by a
  // @MainActor one; its async throws version can.

  // TODO: Put this test on the main actor instead of assuming it is there,
  // and make it async: on Linux, XCTest cannot run a class whose test methods
  // are all synchronous and @MainActor.
  func testTotalAddsUpTheItems() {
    MainActor.assumeIsolated {
      let basket = Basket()
      basket.add(Item("Tea", cents: 350))
      basket.add(Item("Cake", cents: 425))
      XCTAssertEqual(basket.total, 775)
    }
  }

  // TODO: The same for this test.
  func testACouponNeverTakesTheTotalBelowZero() {
    MainActor.assumeIsolated {
      let basket = Basket()
      basket.add(Item("Tea", cents: 350))
      basket.applyCoupon(cents: 500)
      XCTAssertEqual(basket.total, 0)
    }
  }

  // TODO: And for this one.
  func testEmptyingTheBasketKeepsTheCoupon() {
    MainActor.assumeIsolated {
      let basket = Basket()
      basket.add(Item("Tea", cents: 350))
      basket.applyCoupon(cents: 100)
      basket.removeAll()
      basket.add(Item("Cake", cents: 425))
      XCTAssertEqual(basket.total, 325)
    }
  }
}
