/// The slice of a payment provider that the shop uses: charge a card, refund a charge.
///
/// The real one talks to the provider over the network. Tests use
/// `PaymentGatewayMock` instead. It is `Sendable` because `Checkout` may call
/// it from any task.
public protocol PaymentGateway: Sendable {
  /// Takes `amount` from `card` and returns the provider's id for the charge.
  ///
  /// Throws `PaymentError.declined` when the bank says no, and
  /// `PaymentError.unavailable` when the provider cannot be reached.
  func charge(_ amount: Cents, to card: CardToken) async throws -> ChargeID

  /// Gives back all the money of an earlier charge.
  func refund(_ charge: ChargeID) async throws
}

/// Why a payment provider refused a request.
public enum PaymentError: Error, Equatable {
  /// The bank declined the card.
  case declined
  /// The provider could not be reached; nothing was charged.
  case unavailable
}
