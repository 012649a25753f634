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
  // XCTest awaits the async throws setUp(), so an override of it may be
  // @MainActor: it makes the main-actor basket on the main actor, and the
  // class, still nonisolated, overrides nothing with another isolation.
  var basket: Basket!

  @MainActor override func setUp() async throws {
    basket = Basket()
  }

  // @MainActor: the compiler checks every call to the basket and hops to the
  // main actor for any caller, instead of trusting XCTest's thread. Async,
  // because XCTest on Linux fails to cast a class's tests to its own type
  // when they are all synchronous and @MainActor, and stops the run.
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
