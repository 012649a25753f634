/// A transaction the bank checks before an `Account` accepts it.
public enum Transaction: Equatable, Sendable {
  /// Money coming in, in cents.
  case deposit(Int)
  /// Money going out, in cents.
  case withdrawal(Int)
}

/// Why an `Account` refused a transaction.
public enum AccountError: Error, Equatable {
  /// The balance does not cover the withdrawal.
  case insufficientFunds
  /// The bank's check said no.
  case declined
}

/// A bank account whose every transaction waits for the bank's check.
///
/// It is an actor, so two transactions never touch `balance` at the same
/// instant. But each one awaits the bank, and while it waits, the actor runs
/// other transactions: the balance may change across that `await`.
public actor Account {
  /// The money in the account, in cents. Never below zero.
  ///
  /// While a withdrawal waits for the bank, whether its amount still counts
  /// here is not promised; once no transaction waits, the balance is exact.
  public private(set) var balance: Int

  /// The bank's check: answers whether a transaction may go through. It can
  /// take a while.
  private let check: @Sendable (Transaction) async -> Bool

  /// Makes an account holding `balance` cents, checking every transaction with `check`.
  public init(balance: Int, check: @escaping @Sendable (Transaction) async -> Bool) {
    self.balance = balance
    self.check = check
  }

  /// Adds `amount` once the bank approves it.
  ///
  /// Overlapping deposits are all added: a deposit adds to the balance as it
  /// is when the bank answers, not as it was when the deposit began.
  /// - Throws: `AccountError.declined`, leaving the balance as it was.
  public func deposit(_ amount: Int) async throws(AccountError) {
    balance += amount
    guard await check(.deposit(amount)) else { throw .declined }
  }

  /// Takes `amount` out if the balance covers it and the bank approves.
  ///
  /// The whole balance may be withdrawn. Overlapping withdrawals never take
  /// the balance below zero: the money is set aside before the bank is asked,
  /// so a second withdrawal sees what the first will take.
  /// - Throws: `AccountError.insufficientFunds` when the money left, once
  ///   every withdrawal waiting for the bank is set aside, is short, or
  ///   `AccountError.declined` when the bank says no; either way the balance
  ///   is as it was.
  public func withdraw(_ amount: Int) async throws(AccountError) {
    guard balance >= amount else { throw .insufficientFunds }
    balance -= amount
    guard await check(.withdrawal(amount)) else {
      balance += amount
      throw .declined
    }
  }
}
