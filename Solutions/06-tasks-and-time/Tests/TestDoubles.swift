import Synchronization
import Testing
import TaskTesting

// Test doubles for tasks 2 and 3. You use them; you do not change them.

/// The error a failing repository throws.
struct Offline: Error {}

/// A repository that answers every load at once, with the items or the error you choose.
final class InstantRepository: FeedRepository {
  private let answer: Mutex<Result<[String], Offline>>

  /// Creates a repository that returns `items`.
  init(items: [String]) {
    answer = Mutex(.success(items))
  }

  /// Creates a repository whose every load throws `Offline`.
  init(failing: Void = ()) {
    answer = Mutex(.failure(Offline()))
  }

  /// Makes later loads return `items`.
  func succeed(with items: [String]) {
    answer.withLock { $0 = .success(items) }
  }

  /// Makes later loads throw `Offline`.
  func fail() {
    answer.withLock { $0 = .failure(Offline()) }
  }

  func load() async throws -> [String] {
    try answer.withLock { $0 }.get()
  }
}

/// A repository that holds every load until the test calls `answer(with:)`: a gate.
///
/// Once answered, the gate stays open: later loads finish at once with the same result.
///
/// `waitForLoads(_:)` tells the test that the model has called `load()`, so
/// the test can look at the model while the load is still running.
final class HeldRepository: FeedRepository {
  private struct State {
    var loadCount = 0
    var held: [CheckedContinuation<[String], any Error>] = []
    var answer: Result<[String], Offline>?
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  /// How many times `load()` has been called.
  var loadCount: Int {
    state.withLock { $0.loadCount }
  }

  func load() async throws -> [String] {
    try await withCheckedThrowingContinuation { load in
      let (answer, ready) = state.withLock { state in
        state.loadCount += 1
        if state.answer == nil { state.held.append(load) }
        let count = state.loadCount
        let ready = state.waiters.filter { $0.count <= count }
        state.waiters.removeAll { $0.count <= count }
        return (state.answer, ready)
      }
      if let answer { load.resume(with: answer.mapError { $0 as any Error }) }
      for waiter in ready { waiter.continuation.resume() }
    }
  }

  /// Suspends until `load()` has been called at least `count` times.
  ///
  /// It watches no clock: if the code under test never loads, the test waits
  /// until `swift run grade` stops it at its time limit and names it.
  func waitForLoads(_ count: Int = 1) async {
    await withCheckedContinuation { waiter in
      let enough = state.withLock { state in
        if state.loadCount >= count { return true }
        state.waiters.append((count, waiter))
        return false
      }
      if enough { waiter.resume() }
    }
  }

  /// Lets every held load, and every later one, finish with `result`.
  func answer(with result: Result<[String], Offline>) {
    let held = state.withLock { state in
      defer { state.held = [] }
      state.answer = result
      return state.held
    }
    for load in held {
      load.resume(with: result.mapError { $0 as any Error })
    }
  }
}

/// A search function that records every query it is asked and finds "<query> result".
@MainActor
final class SearchSpy {
  /// Every query searched, in order.
  private(set) var queries: [String] = []

  /// Records `query` and returns one result for it.
  func search(_ query: String) async -> [String] {
    queries.append(query)
    return ["\(query) result"]
  }
}
