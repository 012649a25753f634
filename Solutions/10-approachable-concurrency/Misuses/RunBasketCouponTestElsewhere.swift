@testable import ApproachableConcurrency

// The same caller off the main actor, for the coupon's test: every test of
// the basket touches the main-actor basket, so each must run on the main
// actor, and the compiler refuses this caller as it refuses the first.

@concurrent func runBasketCouponTestElsewhere(_ tests: BasketXCTests) async {
  await tests.testACouponNeverTakesTheTotalBelowZero() // misuse
}
