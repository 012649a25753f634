import Testing
@testable import ApproachableConcurrency

// You are testing CheckoutModel (Sources/CheckoutModel.swift), the model you
// moved the checkout screen's logic into in task 3: what it shows, and what
// tapping Pay does while the charge is on its way and after it returns.
// Hold a charge with a Gate (Sources/Gate.swift) and await the task that
// payTapped() returns. No sleeps.

// TODO: One test per promise in CheckoutModel's doc comments.
@MainActor
@Suite("Checkout")
struct CheckoutTests {
}
