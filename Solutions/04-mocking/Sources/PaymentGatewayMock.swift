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
    // `nil` means "not stubbed", which is different from any stubbed answer.
    var chargeResult: Result<ChargeID, any Error>?
    var refundResult: Result<Void, any Error>?
    // Arrays, not just counts: a test that checks the arguments catches a
    // wrong amount that a count alone would miss.
    var chargeCalls: [ChargeCall] = []
    var refundCalls: [ChargeID] = []
    // `@Sendable`, because it is called from whatever task calls `charge`.
    var onCharge: (@Sendable (ChargeCall) -> Void)?
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
    // A computed property over the lock: tests still write
    // `gateway.chargeResult = .success("ch_1")`, with no `await`.
    get { state.withLock { $0.chargeResult } }
    set { state.withLock { $0.chargeResult = newValue } }
  }

  /// What `refund(_:)` answers: `.success(())` or `.failure(error)`.
  /// `nil` (the default) means "not stubbed": a call fails the test.
  public var refundResult: Result<Void, any Error>? {
    // Same pattern as chargeResult.
    get { state.withLock { $0.refundResult } }
    set { state.withLock { $0.refundResult = newValue } }
  }

  /// Called with each charge as it happens, after it is recorded.
  public var onCharge: (@Sendable (ChargeCall) -> Void)? {
    // Same pattern as chargeResult.
    get { state.withLock { $0.onCharge } }
    set { state.withLock { $0.onCharge = newValue } }
  }

  /// How many times `charge(_:to:)` was called, stubbed or not.
  public var chargeCallCount: Int {
    // Derived from the calls, so the count and the list never disagree.
    state.withLock { $0.chargeCalls.count }
  }

  /// The arguments of every `charge(_:to:)` call, oldest first.
  public var chargeCalls: [ChargeCall] {
    // Returns a copy: the test can look at it while other tasks keep calling.
    state.withLock { $0.chargeCalls }
  }

  /// How many times `refund(_:)` was called, stubbed or not.
  public var refundCallCount: Int {
    // Derived from the calls, as chargeCallCount is.
    state.withLock { $0.refundCalls.count }
  }

  /// The argument of every `refund(_:)` call, oldest first.
  public var refundCalls: [ChargeID] {
    // A copy, as chargeCalls is.
    state.withLock { $0.refundCalls }
  }

  public func charge(_ amount: Cents, to card: CardToken) async throws -> ChargeID {
    let call = ChargeCall(amount: amount, card: card)
    // Record the call and read the stub in one critical section, so no other
    // task can slip in between. Then leave it before calling back: Mutex is
    // not reentrant, and a callback that reads `chargeCallCount` would lock it
    // again and crash with "Recursive call to lock Mutex".
    let (result, onCharge) = state.withLock { state in
      state.chargeCalls.append(call)
      return (state.chargeResult, state.onCharge)
    }
    onCharge?(call)
    guard let result else {
      // Record an issue so the test fails with a message that says what to
      // do, then throw so the code under test stops as it would on a real
      // failure. A `fatalError` here would crash every test in the process.
      Issue.record("""
        PaymentGatewayMock.charge(_:to:) was called but not stubbed. \
        Set chargeResult first, for example: gateway.chargeResult = .success("ch_1")
        """)
      throw UnstubbedCall(method: "charge(_:to:)")
    }
    return try result.get()
  }

  public func refund(_ charge: ChargeID) async throws {
    // Record and read in one critical section, as charge(_:to:) does.
    let result = state.withLock { state in
      state.refundCalls.append(charge)
      return state.refundResult
    }
    guard let result else {
      // Fail the test clearly, then throw, as charge(_:to:) does.
      Issue.record("""
        PaymentGatewayMock.refund(_:) was called but not stubbed. \
        Set refundResult first, for example: gateway.refundResult = .success(())
        """)
      throw UnstubbedCall(method: "refund(_:)")
    }
    try result.get()
  }
}
