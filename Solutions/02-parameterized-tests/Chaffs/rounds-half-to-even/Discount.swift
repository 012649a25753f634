/// A percentage off a price, as the shop's discount codes give it.
public enum Discount {
  /// The price, in cents, after taking `percent` off `price` (in cents, 0 or more).
  ///
  /// The discount is rounded to the nearest cent, and half a cent goes to the
  /// customer: 10% off 1,005 cents is a discount of 100.5 cents, rounded up to
  /// 101, so the customer pays 904. A percentage below 0 counts as 0 and one
  /// above 100 counts as 100, so a code never raises a price or takes it
  /// below zero. A negative price is not one it takes: what it returns for
  /// one is not promised.
  public static func apply(percent: Int, to price: Int) -> Int {
    let percent = min(max(percent, 0), 100)
    let discount = Int((Double(price * percent) / 100).rounded(.toNearestOrEven))
    return price - discount
  }
}
