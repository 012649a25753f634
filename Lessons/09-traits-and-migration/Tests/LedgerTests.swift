// This is Ledger's old XCTest suite (Sources/Ledger.swift). Move it to Swift
// Testing one test at a time: both frameworks run side by side in this file
// until the last test has moved. Your tests are graded against copies of
// Ledger with the bugs this suite catches, so keep every check.
import Testing
import XCTest
@testable import SuiteTraits

// TODO: Move each test below into this suite: setUp becomes init, and each
// XCTAssert... or XCTUnwrap becomes #expect, #require or #expect(throws:).
// When the class below is empty, delete it and `import XCTest`: no mention of
// XCTest may be left outside comments.
@Suite("Ledger")
struct LedgerTests {
}

final class LedgerXCTests: XCTestCase {
  var ledger: Ledger!

  override func setUp() {
    super.setUp()
    ledger = Ledger(openingBalance: 10_000)
  }

  func testOpeningBalanceIsTheFirstEntry() {
    XCTAssertEqual(ledger.balance, 10_000)
    XCTAssertEqual(ledger.entries.count, 1)
  }

  func testDepositAddsToTheBalance() throws {
    try ledger.deposit(2_500, memo: "Refund")
    XCTAssertEqual(ledger.balance, 12_500)
  }

  func testWithdrawalTakesFromTheBalance() throws {
    try ledger.withdraw(4_000, memo: "Rent")
    XCTAssertEqual(ledger.balance, 6_000)
  }

  func testTheWholeBalanceMayBeWithdrawn() throws {
    try ledger.withdraw(10_000, memo: "Move out")
    XCTAssertEqual(ledger.balance, 0)
  }

  func testWithdrawingMoreThanTheBalanceThrows() {
    XCTAssertThrowsError(try ledger.withdraw(10_001, memo: "Television")) { error in
      XCTAssertEqual(error as? Ledger.Refusal, .insufficientFunds(balance: 10_000, requested: 10_001))
    }
    XCTAssertEqual(ledger.balance, 10_000)
  }

  func testZeroDepositThrows() {
    XCTAssertThrowsError(try ledger.deposit(0, memo: "Nothing")) { error in
      XCTAssertEqual(error as? Ledger.Refusal, .notPositive(0))
    }
  }

  func testFindsAnEntryByID() throws {
    let added = try ledger.deposit(2_500, memo: "Refund")
    let found = try XCTUnwrap(ledger.entry(id: added.id))
    XCTAssertEqual(found.memo, "Refund")
    XCTAssertEqual(found.cents, 2_500)
  }

  func testUnknownIDFindsNothing() {
    XCTAssertNil(ledger.entry(id: 99))
  }
}
