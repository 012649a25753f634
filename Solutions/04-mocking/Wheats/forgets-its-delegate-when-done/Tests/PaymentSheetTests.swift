import Testing
@testable import Mocking

// A payment sheet (Lessons/04-mocking/Sources/PaymentSheet.swift) is shown by a
// screen that owns it and is its delegate, and the screen's buttons keep the
// sheet's actions. Test what it tells its delegate, and that none of this keeps
// it, or its screen, alive: hold each in a `weak` variable, let the last strong
// reference go at the end of a scope, and expect the weak one to be nil.

/// A screen that owns its sheet and is its delegate, as an app's screen is:
/// it keeps the sheet strongly, and records what the sheet tells it.
final class CheckoutScreen: PaymentSheetDelegate {
  let sheet: PaymentSheet
  private(set) var finishes: [Bool] = []

  init(amount: Cents) {
    sheet = PaymentSheet(amount: amount)
    sheet.delegate = self
  }

  func paymentSheet(_ sheet: PaymentSheet, didFinishPaying paid: Bool) {
    finishes.append(paid)
  }
}

@Suite("The payment sheet")
struct PaymentSheetTests {
  @Test("Paying tells the screen the customer paid")
  func payingTellsTheScreen() {
    let screen = CheckoutScreen(amount: 2_850)

    screen.sheet.pay()

    #expect(screen.finishes == [true])
  }

  // Over-specified: the doc comment lets a sheet forget its delegate once it
  // has told it.
  @Test("The sheet keeps its delegate after paying")
  func keepsItsDelegate() {
    let screen = CheckoutScreen(amount: 2_850)

    screen.sheet.pay()

    #expect(screen.sheet.delegate === screen)
  }
}
