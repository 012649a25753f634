import Foundation
import Testing
@testable import DependencyInjection

// `ServiceLocator.app(network:messages:)` (Sources/ServiceLocator.swift) is
// the app's wiring: what each screen gets when it asks the locator for a
// service. The compiler cannot check a registration, so your tests must: that
// each service is there, and that it is made from what the app handed in.

@MainActor
@Suite("Task 7: the app's service locator")
struct ServiceLocatorTests {
  // TODO: Make a locator with ServiceLocator.app(network:messages:), handing
  // it fakes you can read back (a network that answers with text you chose,
  // an InstantServer's client), resolve each service its doc comment lists
  // with try #require, and check each one by what it does: what it fetches,
  // what the server received, whether two screens share a model.
}
