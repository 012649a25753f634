import Foundation
import Synchronization
import Testing
@testable import DependencyInjection

/// The error the fakes throw when a test wants the network to fail.
struct Offline: Error {}

/// A fake network that answers every request at once and remembers what it was asked.
final class StubNetwork: Networking {
  private let response: Result<Data, any Error>
  private let requests = Mutex<[URL]>([])

  /// Creates a network that returns `data` for every URL.
  init(returning data: Data) {
    response = .success(data)
  }

  /// Creates a network that throws `error` for every URL.
  init(throwing error: any Error) {
    response = .failure(error)
  }

  /// The URLs requested so far, in order.
  var requestedURLs: [URL] {
    requests.withLock { $0 }
  }

  func data(from url: URL) async throws -> Data {
    requests.withLock { $0.append(url) }
    return try response.get()
  }
}

/// A fake network that holds each request until the test answers it: a gate.
///
/// While a request is held, the code under test is suspended in the middle of
/// its work, so the test can look at its state at exactly that point. No
/// sleeping, no guessing how long "long enough" is.
final class GatedNetwork: Networking {
  private struct State {
    var held: [CheckedContinuation<Data, any Error>] = []
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  func data(from url: URL) async throws -> Data {
    try await withCheckedThrowingContinuation { request in
      let waiters = state.withLock { state in
        state.held.append(request)
        defer { state.waiters = [] }
        return state.waiters
      }
      for waiter in waiters { waiter.resume() }
    }
  }

  /// Returns once a request is being held.
  func waitForRequest() async {
    await withCheckedContinuation { waiter in
      let isHolding = state.withLock { state in
        if state.held.isEmpty { state.waiters.append(waiter) }
        return !state.held.isEmpty
      }
      if isHolding { waiter.resume() }
    }
  }

  /// Lets the oldest held request finish with `result`.
  func answer(with result: Result<Data, any Error>) {
    let request = state.withLock { $0.held.isEmpty ? nil : $0.held.removeFirst() }
    guard let request else {
      Issue.record("answer(with:) was called, but no request is waiting")
      return
    }
    request.resume(with: result)
  }
}
