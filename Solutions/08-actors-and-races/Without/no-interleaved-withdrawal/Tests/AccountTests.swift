import Testing
@testable import ActorsAndRaces

// You test `Account` (Sources/Account.swift), an actor whose transactions
// each wait for the bank. To test what happens while one transaction waits,
// make the bank's check wait at a `Gate` (Sources/Gate.swift), act, then open
// the gate. No sleeps, no `Task.yield()`: the gate says when to go on.

@Suite("Account")
struct AccountTests {
  // This test passes, and it never lets two transactions overlap. Keep it.
  @Test("A deposit the bank approves is added")
  func approvedDepositIsAdded() async throws {
    let account = Account(balance: 100) { _ in true }

    try await account.deposit(50)

    #expect(await account.balance == 150)
  }

  // One transaction at a time first: the rules with no overlap.

  @Test("The whole balance can be withdrawn")
  func wholeBalanceCanBeWithdrawn() async throws {
    let account = Account(balance: 100) { _ in true }

    try await account.withdraw(100)

    #expect(await account.balance == 0)
  }

  @Test("A withdrawal larger than the balance throws insufficientFunds")
  func overdraftIsRefused() async {
    let account = Account(balance: 100) { _ in true }

    await #expect(throws: AccountError.insufficientFunds) { try await account.withdraw(101) }
    #expect(await account.balance == 100)
  }

  @Test("A withdrawal the bank declines throws declined and leaves the balance")
  func declinedWithdrawalLeavesTheBalance() async {
    let account = Account(balance: 100) { _ in false }

    await #expect(throws: AccountError.declined) { try await account.withdraw(30) }
    #expect(await account.balance == 100)
  }

  @Test("A deposit the bank declines throws declined and leaves the balance")
  func declinedDepositLeavesTheBalance() async {
    let account = Account(balance: 100) { _ in false }

    await #expect(throws: AccountError.declined) { try await account.deposit(30) }
    #expect(await account.balance == 100)
  }

  // Then overlap: the first transaction waits at the gate, mid-way, while
  // the test runs a second one to the end.

  @Test("A deposit made while another waits for the bank is not lost")
  func overlappingDepositsAreBothAdded() async throws {
    let gate = Gate()
    let account = Account(balance: 100) { transaction in
      if transaction == .deposit(50) { await gate.wait() }
      return true
    }

    let first = Task { try await account.deposit(50) }
    await gate.arrivals(1)  // the first deposit is waiting for the bank
    try await account.deposit(30)
    gate.open()
    try await first.value

    #expect(await account.balance == 180)
  }
}
