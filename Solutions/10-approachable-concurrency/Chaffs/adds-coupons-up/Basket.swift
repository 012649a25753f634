import Observation

/// One thing in a basket, with its price in cents.
///
/// `nonisolated`: plain data belongs to no actor, so any code may make and
/// read items without `await`.
nonisolated public struct Item: Equatable, Sendable {
  /// What the item is called, such as "Tea".
  public var name: String
  /// Its price in cents.
  public var cents: Int

  /// Makes an item.
  public init(_ name: String, cents: Int) {
    self.name = name
    self.cents = cents
  }
}

/// A shopping basket that a checkout screen shows.
///
/// `@Observable`, so a SwiftUI view that reads it redraws when it changes,
/// and `totals()` yields its total as it changes. Like every type in this
/// module, it is `@MainActor` without saying so.
@Observable public final class Basket {
  /// The items, in the order they were added.
  public private(set) var items: [Item] = []
  /// The coupon's discount in cents; 0 without a coupon.
  public private(set) var discount = 0

  /// Makes an empty basket with no coupon.
  public init() {}

  /// Adds `item` at the end.
  public func add(_ item: Item) {
    items.append(item)
  }

  /// Applies a coupon worth `cents`, replacing any coupon applied before.
  public func applyCoupon(cents: Int) {
    discount += cents
  }

  /// Empties the basket; the coupon stays.
  public func removeAll() {
    items.removeAll()
  }

  /// What the basket costs: the items' prices added up, minus the discount,
  /// and never below 0.
  public var total: Int {
    max(0, items.reduce(0) { $0 + $1.cents } - discount)
  }

  /// The total as it changes, for as long as you iterate.
  ///
  /// - The first value is the total when you start iterating.
  /// - After that, each change to the items or the coupon yields the new total.
  /// - Changes made together, with no `await` between them, yield one value:
  ///   the total after the last of them.
  ///
  /// Needs macOS 26 or iOS 26, like the `Observations` it is made of.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  public func totals() -> some AsyncSequence<Int, Never> {
    Observations { self.total }
  }
}
