import Testing
@testable import ParameterizedTesting

/// Two zones, the second further away, named "domestic → europe" in the test
/// report instead of the tuple's "(nearer: ParameterizedTesting.Zone.domestic, …)".
struct FartherZone: CustomTestStringConvertible, Encodable, Sendable {
  /// The nearer zone.
  let nearer: Zone
  /// The zone further away.
  let farther: Zone

  var testDescription: String { "\(nearer) → \(farther)" }
}

/// Two bands, the second heavier, named "small → medium" in the test report.
struct HeavierBand: CustomTestStringConvertible, Encodable, Sendable {
  /// The lighter band.
  let lighter: WeightBand
  /// The heavier band.
  let heavier: WeightBand

  var testDescription: String { "\(lighter) → \(heavier)" }
}

@Suite("Looking up shipping rates")
struct ShippingRateTests {
  /// `zip` pairs each zone with its own row, one to one: three cases. Passing
  /// the two collections separately would run all nine zone-and-row pairs,
  /// six of them wrong.
  @Test("A zone's row of the price table", arguments: zip(Zone.allCases, [
    [450, 690, 990],
    [950, 1_490, 2_490],
    [1_490, 2_490, 4_490],
  ]))
  func zoneRow(input: Zone, expected: [Int]) {
    let row = WeightBand.allCases.map { ShippingRate.price(for: $0, to: input) }
    #expect(row == expected)
  }

  /// Two collections run every combination: 3 bands × 2 steps = 6 cases.
  @Test("Sending a parcel further always costs more", arguments: WeightBand.allCases, [
    FartherZone(nearer: .domestic, farther: .europe),
    FartherZone(nearer: .europe, farther: .world),
  ])
  func furtherCostsMore(band: WeightBand, step: FartherZone) {
    let nearer = ShippingRate.price(for: band, to: step.nearer)
    let farther = ShippingRate.price(for: band, to: step.farther)
    #expect(nearer < farther)
  }

  /// Two collections run every combination: 3 zones × 2 steps = 6 cases.
  @Test("A heavier parcel always costs more", arguments: Zone.allCases, [
    HeavierBand(lighter: .small, heavier: .medium),
    HeavierBand(lighter: .medium, heavier: .large),
  ])
  func heavierCostsMore(zone: Zone, step: HeavierBand) {
    let lighter = ShippingRate.price(for: step.lighter, to: zone)
    let heavier = ShippingRate.price(for: step.heavier, to: zone)
    #expect(lighter < heavier)
  }
}
