@testable import ApproachableConcurrency

// The same caller off the main actor, for the test that empties the basket:
// it too must run on the main actor, and the compiler refuses this caller.

@concurrent func runBasketEmptyingTestElsewhere(_ tests: BasketXCTests) async {
  await tests.testEmptyingTheBasketKeepsTheCoupon() // misuse
}
