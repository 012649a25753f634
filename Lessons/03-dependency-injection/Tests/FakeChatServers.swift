import Synchronization
import Testing
@testable import DependencyInjection

// Two fake chat servers for your tests of `SendMessageModel`. Each one hands
// out a `MessageClient` you pass to the model, and records what it was sent.
// You don't change this file; use these fakes from `SendMessageModelTests.swift`.

/// The error the fake servers throw when a test wants sending to fail.
struct ServerDown: Error {}

/// A fake server that answers every message at once.
///
/// Use it when only the result of `send()` matters:
///
///     let server = InstantServer()
///     let model = SendMessageModel(client: server.client)
///     model.draft = "Hi"
///     await model.send()
///     #expect(server.received == ["Hi"])
final class InstantServer: Sendable {
  private struct State {
    var received: [String] = []
    var isFailing: Bool
  }

  private let state: Mutex<State>

  /// Creates a server that accepts every message, or refuses every one when `failing` is true.
  init(failing: Bool = false) {
    state = Mutex(State(isFailing: failing))
  }

  /// The messages the server was sent, in order, including refused ones.
  var received: [String] {
    state.withLock { $0.received }
  }

  /// Makes the server accept (`false`) or refuse (`true`) the messages that come next.
  func setFailing(_ failing: Bool) {
    state.withLock { $0.isFailing = failing }
  }

  /// The client to hand to the model.
  var client: MessageClient {
    MessageClient { text in
      let isFailing = self.state.withLock { state in
        state.received.append(text)
        return state.isFailing
      }
      if isFailing { throw ServerDown() }
    }
  }
}

/// A fake server that holds each message until your test answers it: a gate.
///
/// Use it to look at the model while a message is on its way:
///
///     let server = HeldServer()
///     let model = SendMessageModel(client: server.client)
///     model.draft = "Hi"
///     let sending = Task { await model.send() }
///     await server.waitForMessage()   // the model is now mid-send
///     #expect(model.isSending)
///     server.answer(with: .success(()))
///     await sending.value             // the model has finished
final class HeldServer: Sendable {
  private struct State {
    var received: [String] = []
    var held: [CheckedContinuation<Void, any Error>] = []
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// The messages the server was sent, in order.
  var received: [String] {
    state.withLock { $0.received }
  }

  /// The client to hand to the model.
  var client: MessageClient {
    MessageClient { text in try await self.hold(text) }
  }

  /// Returns once a message is being held, so the model is suspended mid-send.
  func waitForMessage() async {
    await withCheckedContinuation { waiter in
      let isHolding = state.withLock { state in
        if state.held.isEmpty { state.waiters.append(waiter) }
        return !state.held.isEmpty
      }
      if isHolding { waiter.resume() }
    }
  }

  /// Lets the oldest held message through: `.success(())` accepts it,
  /// `.failure(ServerDown())` refuses it.
  func answer(with result: Result<Void, any Error>) {
    let message = state.withLock { $0.held.isEmpty ? nil : $0.held.removeFirst() }
    guard let message else {
      Issue.record("answer(with:) was called, but no message is waiting")
      return
    }
    message.resume(with: result)
  }

  private func hold(_ text: String) async throws {
    try await withCheckedThrowingContinuation { message in
      let waiters = state.withLock { state in
        state.received.append(text)
        state.held.append(message)
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume() }
    }
  }
}
