/// Where a parcel goes, as the shop's price list groups destinations.
public enum Zone: String, CaseIterable, Codable, Sendable {
  /// Anywhere in the shop's own country.
  case domestic
  /// Another country in Europe.
  case europe
  /// Anywhere else in the world.
  case world
}
