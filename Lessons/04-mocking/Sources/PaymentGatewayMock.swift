import Synchronization
import Testing

// You are writing the mock that tests use in place of the payment provider.
// It answers with the results a test stubs, counts and remembers every call,
// calls `onCharge` as each charge happens, and fails the test clearly (it
// must not crash) when a call was never stubbed. Tests and the code under
// test call it from different tasks at once, so all its state sits behind
// the one `Mutex` below. Task 1 in the README says what done looks like.

/// A mock `PaymentGateway` for tests: it answers with the results you stub,
/// counts and remembers every call, tells you when it is called, and fails
/// the test (instead of crashing it) when a call was never stubbed.
public final class PaymentGatewayMock: PaymentGateway {
  /// One call to `charge(_:to:)`, as the mock saw it.
  public struct ChargeCall: Hashable, Sendable {
    /// The amount the caller asked to charge.
    public var amount: Cents
    /// The card the caller asked to charge.
    public var card: CardToken

    /// Makes a call record, so tests can compare with `==`.
    public init(amount: Cents, card: CardToken) {
      self.amount = amount
      self.card = card
    }
  }

  /// The error the mock throws after reporting a call that nobody stubbed.
  public struct UnstubbedCall: Error, Equatable, CustomStringConvertible {
    /// The method that was called, such as `"charge(_:to:)"`.
    public var method: String

    /// Makes the error for `method`.
    public init(method: String) { self.method = method }

    public var description: String { "PaymentGatewayMock.\(method) was called but not stubbed" }
  }

  // Everything the mock remembers, in one value, so one lock guards it all.
  private struct State {
    // TODO: Add the fields: the two stubbed results, the charge calls, the
    // refund calls and the onCharge callback.
  }

  // The only stored property. A final class whose stored properties are all
  // `let` and Sendable is Sendable, so this one lock is what lets the mock
  // conform to `PaymentGateway` (which requires Sendable) without `@unchecked`.
  private let state = Mutex(State())

  /// Makes a mock with nothing stubbed and no calls recorded.
  public init() {}

  /// What `charge(_:to:)` answers: `.success(id)` or `.failure(error)`.
  /// `nil` (the default) means "not stubbed": a call fails the test.
  public var chargeResult: Result<ChargeID, any Error>? {
    // TODO: Read and write State's field inside `state.withLock { ... }`.
    get { nil }
    set {}
  }

  /// What `refund(_:)` answers: `.success(())` or `.failure(error)`.
  /// `nil` (the default) means "not stubbed": a call fails the test.
  public var refundResult: Result<Void, any Error>? {
    // TODO: Read and write State's field inside `state.withLock { ... }`.
    get { nil }
    set {}
  }

  /// Called with each charge as it happens, after it is recorded.
  public var onCharge: (@Sendable (ChargeCall) -> Void)? {
    // TODO: Read and write State's field inside `state.withLock { ... }`.
    get { nil }
    set {}
  }

  /// How many times `charge(_:to:)` was called, stubbed or not.
  public var chargeCallCount: Int {
    // TODO: Count the recorded charge calls.
    0
  }

  /// The arguments of every `charge(_:to:)` call, oldest first.
  public var chargeCalls: [ChargeCall] {
    // TODO: Return the recorded charge calls.
    []
  }

  /// How many times `refund(_:)` was called, stubbed or not.
  public var refundCallCount: Int {
    // TODO: Count the recorded refund calls.
    0
  }

  /// The argument of every `refund(_:)` call, oldest first.
  public var refundCalls: [ChargeID] {
    // TODO: Return the recorded refund calls.
    []
  }

  public func charge(_ amount: Cents, to card: CardToken) async throws -> ChargeID {
    // TODO: Record the call, then call onCharge (outside the lock), then
    // answer with the stubbed result. When nothing is stubbed, record an
    // issue whose message names "charge(_:to:)" and throw
    // UnstubbedCall(method: "charge(_:to:)").
    fatalError("Please implement charge(_:to:)")
  }

  public func refund(_ charge: ChargeID) async throws {
    // TODO: Record the call, then answer with the stubbed result. When
    // nothing is stubbed, record an issue whose message names "refund(_:)"
    // and throw UnstubbedCall(method: "refund(_:)").
    fatalError("Please implement refund(_:)")
  }
}
