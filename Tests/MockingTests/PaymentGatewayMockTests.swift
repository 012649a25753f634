import Testing
@testable import Mocking

/// Grades task 1: `PaymentGatewayMock` stubs, counts, captures, calls back,
/// fails clearly when unstubbed, and stays correct under concurrent calls.
@Suite("PaymentGatewayMock")
struct PaymentGatewayMockTests {
  let gateway = PaymentGatewayMock()

  @Test("A stubbed charge returns the stubbed id")
  func stubbedChargeReturnsID() async throws {
    let expected: ChargeID = "ch_1"
    gateway.chargeResult = .success(expected)

    let id = try await gateway.charge(1_500, to: "tok_visa")

    #expect(id == expected)
    #expect(gateway.chargeResult != nil, "The stub stays set after the call")
  }

  @Test("A stubbed charge failure is thrown to the caller")
  func stubbedChargeFailureIsThrown() async {
    gateway.chargeResult = .failure(PaymentError.declined)

    await #expect(throws: PaymentError.declined) {
      try await gateway.charge(1_500, to: "tok_visa")
    }
  }

  @Test("Each charge is counted and its arguments kept, oldest first")
  func chargesAreCountedAndCaptured() async throws {
    gateway.chargeResult = .success("ch_1")
    let expected: [PaymentGatewayMock.ChargeCall] = [
      .init(amount: 1_500, card: "tok_visa"),
      .init(amount: 250, card: "tok_amex"),
    ]

    for call in expected {
      _ = try await gateway.charge(call.amount, to: call.card)
    }

    #expect(gateway.chargeCallCount == 2)
    #expect(gateway.chargeCalls == expected)
  }

  @Test("A failing charge is still counted and captured")
  func failingChargeIsRecorded() async {
    gateway.chargeResult = .failure(PaymentError.unavailable)

    _ = try? await gateway.charge(900, to: "tok_visa")

    #expect(gateway.chargeCalls == [.init(amount: 900, card: "tok_visa")])
  }

  @Test("The stub is read at call time, so a test can change it between calls")
  func stubIsReadAtCallTime() async throws {
    gateway.chargeResult = .success("ch_1")
    let first = try await gateway.charge(100, to: "tok_visa")
    gateway.chargeResult = .success("ch_2")
    let second = try await gateway.charge(100, to: "tok_visa")

    #expect([first, second] == ["ch_1", "ch_2"])
  }

  @Test("A refund is counted, its charge kept, and its stubbed result used")
  func refundsAreRecorded() async throws {
    gateway.refundResult = .success(())
    try await gateway.refund("ch_1")
    gateway.refundResult = .failure(PaymentError.unavailable)
    await #expect(throws: PaymentError.unavailable) {
      try await gateway.refund("ch_2")
    }

    #expect(gateway.refundCallCount == 2)
    #expect(gateway.refundCalls == ["ch_1", "ch_2"])
    #expect(gateway.chargeCallCount == 0, "Refunds are not charges")
  }

  @Test("onCharge hears each charge, after the mock has counted it")
  func onChargeIsCalledAfterRecording() async throws {
    gateway.chargeResult = .success("ch_1")
    let expected = PaymentGatewayMock.ChargeCall(amount: 1_500, card: "tok_visa")

    try await confirmation("onCharge is called once") { called in
      gateway.onCharge = { [gateway] call in
        #expect(call == expected)
        // Reading the mock from its own callback only works when the callback
        // runs outside the lock: Mutex is not reentrant.
        #expect(gateway.chargeCallCount == 1)
        called()
      }
      _ = try await gateway.charge(1_500, to: "tok_visa")
    }
  }

  @Test("An unstubbed charge records an issue naming charge(_:to:), then throws UnstubbedCall")
  func unstubbedChargeFailsTheTest() async {
    var thrown: (any Error)?

    await withKnownIssue("The mock must report the unstubbed call as a test issue") {
      do {
        _ = try await gateway.charge(1_500, to: "tok_visa")
      } catch {
        thrown = error
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("charge(_:to:)") }
    }

    #expect(thrown as? PaymentGatewayMock.UnstubbedCall == .init(method: "charge(_:to:)"))
    #expect(gateway.chargeCallCount == 1, "An unstubbed call is still a call")
  }

  @Test("An unstubbed refund records an issue naming refund(_:), then throws UnstubbedCall")
  func unstubbedRefundFailsTheTest() async {
    var thrown: (any Error)?

    await withKnownIssue("The mock must report the unstubbed call as a test issue") {
      do {
        try await gateway.refund("ch_1")
      } catch {
        thrown = error
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("refund(_:)") }
    }

    #expect(thrown as? PaymentGatewayMock.UnstubbedCall == .init(method: "refund(_:)"))
    #expect(gateway.refundCalls == ["ch_1"], "An unstubbed call is still a call")
  }

  @Test("Charges made from 200 tasks at once are all recorded")
  func concurrentChargesAreAllRecorded() async throws {
    gateway.chargeResult = .success("ch_1")
    let expected = Array(1...200)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for amount in expected {
        group.addTask { [gateway] in
          _ = try await gateway.charge(amount, to: "tok_visa")
        }
      }
      try await group.waitForAll()
    }

    #expect(gateway.chargeCallCount == expected.count)
    #expect(gateway.chargeCalls.map(\.amount).sorted() == expected)
  }
}
