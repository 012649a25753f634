import Testing
@testable import ParameterizedTesting

/// A weight at the edge of a band and the band it belongs to, named so that a
/// failing case reads "500 g → small" rather than a list of field values.
struct BandEdge: CustomTestStringConvertible, Encodable, Sendable {
  /// The parcel's weight in grams.
  let grams: Int
  /// The band the desk must sort it into.
  let band: WeightBand

  var testDescription: String { "\(grams) g → \(band)" }
}

@Suite("Sorting parcels into weight bands")
struct WeightBandTests {
  @Test("A weight in the middle of a band", arguments: [
    (250, WeightBand.small),
    (1_200, .medium),
    (6_000, .large),
  ])
  func middleWeight(input: Int, expected: WeightBand) {
    #expect(WeightBand(grams: input) == expected)
  }

  @Test("A weight at the edge of a band", arguments: [
    BandEdge(grams: 1, band: .small),
    BandEdge(grams: 500, band: .small),
    BandEdge(grams: 501, band: .medium),
    BandEdge(grams: 2_000, band: .medium),
    BandEdge(grams: 2_001, band: .large),
    BandEdge(grams: 10_000, band: .large),
  ])
  func edgeWeight(edge: BandEdge) {
    let input = edge.grams
    let expected = edge.band
    #expect(WeightBand(grams: input) == expected)
  }

  @Test("A weight the shop does not ship", arguments: [-1, 0, 10_001, 25_000])
  func unshippableWeight(input: Int) {
    #expect(WeightBand(grams: input) == nil)
  }
}
