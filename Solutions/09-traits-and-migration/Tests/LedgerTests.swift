// This is Ledger's old XCTest suite (Sources/Ledger.swift). Move it to Swift
// Testing one test at a time: both frameworks run side by side in this file
// until the last test has moved. Your tests are graded against copies of
// Ledger with the bugs this suite catches, so keep every check.
import Testing
@testable import SuiteTraits

// Migrated: setUp became init, each XCTAssertEqual or XCTAssertNil an
// #expect, XCTUnwrap a try #require, and XCTAssertThrowsError an
// #expect(throws:) that names the exact error. Every check the old suite made
// is still here, so it still catches every bug it caught; with the last test
// moved, the XCTestCase class and its import are gone.
@Suite("Ledger")
struct LedgerTests {
  /// A ledger with 100.00 in it; Swift Testing makes a new suite, so a new ledger, for every test.
  let ledger: Ledger

  /// What `setUp` did: runs before each test, on that test's own instance.
  init() {
    ledger = Ledger(openingBalance: 10_000)
  }

  @Test("The opening balance is the first entry")
  func openingBalanceIsTheFirstEntry() {
    #expect(ledger.balance == 10_000)
    #expect(ledger.entries.count == 1)
  }

  @Test("A deposit adds to the balance")
  func depositAddsToTheBalance() throws {
    try ledger.deposit(2_500, memo: "Refund")
    #expect(ledger.balance == 12_500)
  }

  @Test("A withdrawal takes from the balance")
  func withdrawalTakesFromTheBalance() throws {
    try ledger.withdraw(4_000, memo: "Rent")
    #expect(ledger.balance == 6_000)
  }

  @Test("The whole balance may be withdrawn")
  func theWholeBalanceMayBeWithdrawn() throws {
    try ledger.withdraw(10_000, memo: "Move out")
    #expect(ledger.balance == 0)
  }

  @Test("Withdrawing more than the balance throws and changes nothing")
  func withdrawingMoreThanTheBalanceThrows() {
    let expected = Ledger.Refusal.insufficientFunds(balance: 10_000, requested: 10_001)
    #expect(throws: expected) {
      try ledger.withdraw(10_001, memo: "Television")
    }
    #expect(ledger.balance == 10_000)
  }

  @Test("A deposit of zero throws")
  func zeroDepositThrows() {
    #expect(throws: Ledger.Refusal.notPositive(0)) {
      try ledger.deposit(0, memo: "Nothing")
    }
  }

  @Test("An entry is found by its id")
  func findsAnEntryByID() throws {
    let added = try ledger.deposit(2_500, memo: "Refund")
    let found = try #require(ledger.entry(id: added.id))
    #expect(found.memo == "Refund")
    #expect(found.cents == 2_500)
  }

  @Test("An id the ledger never gave out finds nothing")
  func unknownIDFindsNothing() {
    #expect(ledger.entry(id: 99) == nil)
  }
}
