/// A running account of money in and out, in whole cents, that never goes below zero.
///
/// You do not change this file: task 1 moves its XCTest suite to Swift Testing.
public final class Ledger {
  /// One line of the ledger: money in is positive, money out negative.
  public struct Entry: Equatable, Sendable {
    /// The entry's number, 1 for the first entry, 2 for the next, and so on.
    public let id: Int
    /// What the money was for.
    public let memo: String
    /// The amount in cents: positive for a deposit, negative for a withdrawal.
    public let cents: Int
  }

  /// Why the ledger refused an amount.
  public enum Refusal: Error, Equatable {
    /// The amount was zero or negative; deposits and withdrawals are positive.
    case notPositive(Int)
    /// The withdrawal was more than the balance.
    case insufficientFunds(balance: Int, requested: Int)
  }

  /// Every entry, oldest first.
  public private(set) var entries: [Entry] = []

  /// Creates a ledger; a positive opening balance becomes its first entry, "Opening balance".
  public init(openingBalance: Int = 0) {
    entries.append(Entry(id: 0, memo: "Opened", cents: 0))
    if openingBalance > 0 {
      entries.append(Entry(id: 1, memo: "Opening balance", cents: openingBalance))
    }
  }

  /// The sum of every entry.
  public var balance: Int {
    entries.reduce(0) { $0 + $1.cents }
  }

  /// Adds `cents` to the balance and returns the new entry.
  @discardableResult
  public func deposit(_ cents: Int, memo: String) throws(Refusal) -> Entry {
    guard cents > 0 else { throw .notPositive(cents) }
    return record(cents, memo: memo)
  }

  /// Takes `cents` from the balance and returns the new entry; the whole balance may go,
  /// but not a cent more.
  @discardableResult
  public func withdraw(_ cents: Int, memo: String) throws(Refusal) -> Entry {
    guard cents > 0 else { throw .notPositive(cents) }
    guard cents <= balance else { throw .insufficientFunds(balance: balance, requested: cents) }
    return record(-cents, memo: memo)
  }

  /// The entry with this id, or `nil` when the ledger has none.
  public func entry(id: Int) -> Entry? {
    entries.first { $0.id == id }
  }

  /// Appends an entry with the next id.
  private func record(_ cents: Int, memo: String) -> Entry {
    let entry = Entry(id: entries.count + 1, memo: memo, cents: cents)
    entries.append(entry)
    return entry
  }
}
