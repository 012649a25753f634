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

  @Test("Cancelling tells the screen the customer cancelled")
  func cancellingTellsTheScreen() {
    let screen = CheckoutScreen(amount: 2_850)

    screen.sheet.cancel()

    #expect(screen.finishes == [false])
  }

  @Test("A finished sheet tells the screen nothing more")
  func finishesOnce() {
    let screen = CheckoutScreen(amount: 2_850)

    screen.sheet.pay()
    screen.sheet.pay()
    screen.sheet.cancel()

    #expect(screen.finishes == [true])
  }


  // A button keeps its action after the sheet is gone: the action must not
  // keep the sheet, and must do nothing once it is freed.
  @Test("A sheet whose Pay action a button still holds is freed, and the action then does nothing")
  func payActionDoesNotKeepTheSheet() {
    weak var freedSheet: PaymentSheet?
    var button: (() -> Void)?
    do {
      let sheet = PaymentSheet(amount: 2_850)
      freedSheet = sheet
      button = sheet.payAction
    }

    #expect(freedSheet == nil)
    button?()
  }

  @Test("A sheet whose Cancel action a button still holds is freed, and the action then does nothing")
  func cancelActionDoesNotKeepTheSheet() {
    weak var freedSheet: PaymentSheet?
    var button: (() -> Void)?
    do {
      let sheet = PaymentSheet(amount: 2_850)
      freedSheet = sheet
      button = sheet.cancelAction
    }

    #expect(freedSheet == nil)
    button?()
  }

  @Test("A sheet's actions pay and cancel it")
  func actionsPayAndCancel() {
    let paying = CheckoutScreen(amount: 2_850)
    let cancelling = CheckoutScreen(amount: 2_850)

    paying.sheet.payAction()
    cancelling.sheet.cancelAction()

    #expect(paying.finishes == [true])
    #expect(cancelling.finishes == [false])
  }
}
