/// What a payment sheet tells the screen that shows it.
///
/// A class protocol, so that a sheet can hold its delegate weakly.
public protocol PaymentSheetDelegate: AnyObject {
  /// The sheet is done: `paid` is whether the customer paid or cancelled.
  func paymentSheet(_ sheet: PaymentSheet, didFinishPaying paid: Bool)
}

/// The sheet a customer pays on: it shows an amount, and tells its delegate
/// once, when the customer pays or cancels.
///
/// A screen usually owns its sheet and is the sheet's delegate, and its
/// buttons keep the sheet's actions. So that none of that keeps the sheet
/// alive, or the screen:
///
/// - The sheet holds its delegate weakly: it never keeps its delegate alive,
///   so a screen that owns its sheet and is its delegate is freed, and its
///   sheet with it, once nothing else holds the screen.
/// - `payAction` and `cancelAction` never keep the sheet alive, whether or not
///   anyone asked for them or still holds one. Called once the sheet is freed,
///   an action does nothing.
/// - Once nothing holds it, a sheet is freed, whatever it was asked to do.
///
/// Until it finishes, the sheet keeps its delegate; once it has told its
/// delegate, it may forget it.
public final class PaymentSheet {
  /// What the customer is asked to pay.
  public let amount: Cents

  /// Told when the customer pays or cancels; held weakly.
  public weak var delegate: (any PaymentSheetDelegate)?

  /// Whether the customer has paid or cancelled.
  public private(set) var isFinished = false

  /// What the Pay button runs: `pay()`, without keeping the sheet alive.
  public private(set) lazy var payAction: () -> Void = { [weak self] in
    self?.pay()
  }

  /// What the Cancel button runs: `cancel()`, without keeping the sheet alive.
  public private(set) lazy var cancelAction: () -> Void = { [weak self] in
    self?.pay()
  }

  /// Makes a sheet that asks for `amount`, with no delegate yet.
  public init(amount: Cents) {
    self.amount = amount
  }

  /// The customer paid: tells the delegate `true`, unless the sheet has
  /// already finished, when it does nothing.
  public func pay() {
    finish(paid: true)
  }

  /// The customer cancelled: tells the delegate `false`, unless the sheet has
  /// already finished, when it does nothing.
  public func cancel() {
    finish(paid: false)
  }

  /// Finishes the sheet once, telling the delegate whether the customer paid.
  private func finish(paid: Bool) {
    guard !isFinished else { return }
    isFinished = true
    delegate?.paymentSheet(self, didFinishPaying: paid)
  }
}
