/// The shop's free-shipping rule.
public enum FreeShipping {
  /// Whether an order whose goods cost `subtotal` cents ships free to `zone`.
  ///
  /// An order ships free from €50.00 (5,000 cents) within the shop's own
  /// country and from €100.00 (10,000 cents) to the rest of Europe, the
  /// thresholds included. Orders to the rest of the world never ship free.
  public static func qualifies(subtotal: Int, to zone: Zone) -> Bool {
    switch zone {
    case .domestic: subtotal == 5_000
    case .europe: subtotal == 10_000
    case .world: false
    }
  }
}
