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

  // TODO: Add tests that pin down every promise in Account's documentation:
  // withdrawing the whole balance, a declined withdrawal, a declined
  // deposit, two withdrawals that overlap, and two deposits that overlap.
}
