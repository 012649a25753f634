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
    var nextWaiter = 0
    var waiters: [(id: Int, count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
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
      for waiter in ready { waiter.continuation.resume(returning: true) }
    }
  }

  /// Suspends until `load()` has been called at least `count` times.
  ///
  /// If that has not happened after two seconds of real time, it records an
  /// issue and returns, so a test of code that never loads fails instead of hanging.
  func waitForLoads(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    let timer = Task {
      try await Task.sleep(for: .seconds(2))
      let waiter = state.withLock { state in
        let waiter = state.waiters.first { $0.id == id }
        state.waiters.removeAll { $0.id == id }
        return waiter
      }
      waiter?.continuation.resume(returning: false)
    }
    defer { timer.cancel() }
    let arrived = await withCheckedContinuation { waiter in
      let enough = state.withLock { state in
        if state.loadCount >= count { return true }
        state.waiters.append((id, count, waiter))
        return false
      }
      if enough { waiter.resume(returning: true) }
    }
    if !arrived {
      Issue.record("Expected \(count) call(s) of load(), found \(loadCount)", sourceLocation: sourceLocation)
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
