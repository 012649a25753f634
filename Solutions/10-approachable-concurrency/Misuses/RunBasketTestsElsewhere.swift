@testable import ApproachableConcurrency

// A caller that always runs off the main actor and runs one of the basket's
// XCTest methods there. The test touches the main-actor basket, so it must
// run on the main actor: the compiler then hops there for any caller, and
// refuses this one, which would hand the suite, a class no actor owns, to
// the main actor while keeping it itself.

@concurrent func runBasketTestElsewhere(_ tests: BasketXCTests) async {
  await tests.testTotalAddsUpTheItems() // misuse
}
