// The shipping desk sorts every parcel into a weight band before it looks up
// a price. You decide the band from the parcel's weight in grams.
// The tests in Tests/ParameterizedTestingTests/WeightBandTests.swift run your
// code over many weights at once: read them first.

/// How heavy a parcel is, as the shipping desk sorts it.
public enum WeightBand: String, CaseIterable, Codable, Sendable {
  /// From 1 g up to and including 500 g.
  case small
  /// From 501 g up to and including 2,000 g.
  case medium
  /// From 2,001 g up to and including 10,000 g.
  case large
}

extension WeightBand {
  /// The band of a parcel that weighs `grams`, or `nil` when the shop does not
  /// ship it: it weighs nothing (0 g or less) or more than 10,000 g.
  public init?(grams: Int) {
    // TODO: Return the band whose range holds `grams`, or `nil` outside 1...10,000.
    fatalError("Please implement WeightBand.init?(grams:)")
  }
}
