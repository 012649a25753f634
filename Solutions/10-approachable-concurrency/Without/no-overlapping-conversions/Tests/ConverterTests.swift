import Testing
@testable import ApproachableConcurrency

/// A rate source for tests: rates from a table, a hold you choose, and a
/// check of where it was called.
struct FakeRates: RateSource {
  /// The rates it knows; a currency not in it makes `rate(for:)` throw.
  var rates: [String: Double]
  /// Runs before each answer: wait at a gate here to hold a call mid-way.
  var hold: @Sendable (String) async -> Void = { _ in }

  struct UnknownCurrency: Error {}

  func rate(for currency: String) async throws -> Double {
    // nonisolated(nonsending) by default: #isolation is the caller's actor.
    #expect(#isolation is MainActor, "the converter asks for rates on the main actor")
    await hold(currency)
    guard let rate = rates[currency] else { throw UnknownCurrency() }
    return rate
  }
}

@MainActor
@Suite("Converter")
struct ConverterTests {
  @Test("Shows the amount times the rate")
  func converts() async {
    let converter = Converter(source: FakeRates(rates: ["USD": 1.5]))

    await converter.convert(10, to: "USD")

    #expect(converter.result == 15)
    #expect(!converter.isConverting)
  }

  @Test("Is converting while the rate is on its way")
  func convertingWhileWaiting() async {
    let gate = Gate()
    let converter = Converter(source: FakeRates(rates: ["USD": 1.5]) { _ in await gate.wait() })

    let converting = Task { await converter.convert(10, to: "USD") }
    await gate.arrivals(1)
    #expect(converter.isConverting)

    gate.open()
    await converting.value
    #expect(!converter.isConverting)
    #expect(converter.result == 15)
  }

  @Test("Clears the result and stops converting when the source fails")
  func failure() async {
    let converter = Converter(source: FakeRates(rates: ["USD": 1.5]))
    await converter.convert(10, to: "USD")

    await converter.convert(10, to: "XYZ")

    #expect(converter.result == nil)
    #expect(!converter.isConverting)
  }
}
