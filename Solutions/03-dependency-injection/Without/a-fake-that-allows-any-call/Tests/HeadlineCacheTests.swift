import Foundation
import Synchronization
import Testing
@testable import DependencyInjection

// `HeadlineCache` reads its dependencies from `HeadlineEnvironment.current`,
// a task-local value: a test gives it fakes by binding that value for its own
// task, and no other test running at the same time sees them. Write tests that
// pin down when the cache asks the server and when it must not, and make any
// question your test did not expect fail the test.

/// A time for tests that moves only when the test moves it.
final class ManualTime: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

  var now: Date { current.withLock { $0 } }

  func advance(by seconds: TimeInterval) {
    current.withLock { $0 += seconds }
  }
}

/// A fake server that answers only the fetches a test announced, in order,
/// and fails the test on any other. A failed fetch throws `ServerDown`
/// (from `FakeChatServers.swift`).
final class ScriptedServer: Sendable {
  private let answers: Mutex<[Result<[String], ServerDown>]>

  init(answers: [Result<[String], ServerDown>]) {
    self.answers = Mutex(answers)
  }

  func fetch() async throws -> [String] {
    let next = answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    guard let next else { throw ServerDown() }
    return try next.get()
  }
}

extension HeadlineEnvironment {
  /// An environment that fails the test on any question the test did not
  /// fake: start from it and replace only what the test expects the cache to use.
  static let unimplemented = HeadlineEnvironment(
    now: { .distantPast },
    fetch: { throw ServerDown() })

  /// This environment with the time from `time` and the server `server`.
  static func faked(time: ManualTime, server: ScriptedServer) -> HeadlineEnvironment {
    var environment = HeadlineEnvironment.unimplemented
    environment.now = { time.now }
    environment.fetch = { try await server.fetch() }
    return environment
  }
}

/// Runs a test with `environment` as `HeadlineEnvironment.current`, for that
/// test alone; on a suite, for each of its tests.
struct HeadlineEnvironmentTrait: TestTrait, SuiteTrait, TestScoping {
  let environment: HeadlineEnvironment

  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await HeadlineEnvironment.$current.withValue(environment) {
      try await function()
    }
  }
}

extension Trait where Self == HeadlineEnvironmentTrait {
  /// Runs the test with `environment` as the cache's environment.
  static func headlineEnvironment(_ environment: HeadlineEnvironment) -> Self {
    Self(environment: environment)
  }
}

// Every test starts from `.unimplemented`, so a test that forgets to fake
// something fails instead of reaching the real server; each test then binds
// its own fakes for its own task.
@Suite("Task 6: the headline cache", .headlineEnvironment(.unimplemented))
struct HeadlineCacheTests {
  @Test("The first call returns what the server sent")
  func firstCallFetches() async throws {
    let time = ManualTime()
    let expected = ["Rain at last", "Bridge reopens"]
    let server = ScriptedServer(answers: [.success(expected)])
    let cache = HeadlineCache(maxAge: 60)

    let headlines = try await HeadlineEnvironment.$current.withValue(.faked(time: time, server: server)) {
      try await cache.headlines()
    }

    #expect(headlines == expected)
  }

  // The server is scripted for one fetch: a second one fails the test.
  @Test("Within maxAge the kept list comes back and the server is not asked")
  func freshListIsKept() async throws {
    let time = ManualTime()
    let expected = ["Rain at last"]
    let server = ScriptedServer(answers: [.success(expected)])
    let cache = HeadlineCache(maxAge: 60)

    let later = try await HeadlineEnvironment.$current.withValue(.faked(time: time, server: server)) {
      _ = try await cache.headlines()
      time.advance(by: 30)
      return try await cache.headlines()
    }

    #expect(later == expected)
  }

  @Test("Exactly maxAge later the list is still fresh")
  func freshUpToMaxAge() async throws {
    let time = ManualTime()
    let expected = ["Rain at last"]
    let server = ScriptedServer(answers: [.success(expected)])
    let cache = HeadlineCache(maxAge: 60)

    let later = try await HeadlineEnvironment.$current.withValue(.faked(time: time, server: server)) {
      _ = try await cache.headlines()
      time.advance(by: 60)
      return try await cache.headlines()
    }

    #expect(later == expected)
  }

  @Test("After maxAge the cache asks the server again")
  func staleListIsFetchedAgain() async throws {
    let time = ManualTime()
    let expected = ["Bridge reopens"]
    let server = ScriptedServer(answers: [.success(["Rain at last"]), .success(expected)])
    let cache = HeadlineCache(maxAge: 60)

    let later = try await HeadlineEnvironment.$current.withValue(.faked(time: time, server: server)) {
      _ = try await cache.headlines()
      time.advance(by: 61)
      return try await cache.headlines()
    }

    #expect(later == expected)
  }

  @Test("A failed refresh returns the kept list, and the next call asks again")
  func failedRefreshKeepsTheList() async throws {
    let time = ManualTime()
    let kept = ["Rain at last"]
    let expected = ["Bridge reopens"]
    let server = ScriptedServer(answers: [.success(kept), .failure(ServerDown()), .success(expected)])
    let cache = HeadlineCache(maxAge: 60)

    let (afterFailure, next) = try await HeadlineEnvironment.$current.withValue(.faked(time: time, server: server)) {
      _ = try await cache.headlines()
      time.advance(by: 61)
      return (try await cache.headlines(), try await cache.headlines())
    }

    #expect(afterFailure == kept)
    #expect(next == expected)
  }

  // The cache may read the time whenever it likes, so the time is faked
  // here too, though this path needs none.
  @Test("With nothing kept, a failed fetch throws the server's error")
  func failureWithNothingKeptThrows() async throws {
    let server = ScriptedServer(answers: [.failure(ServerDown())])
    let cache = HeadlineCache(maxAge: 60)

    await HeadlineEnvironment.$current.withValue(.faked(time: ManualTime(), server: server)) {
      await #expect(throws: ServerDown.self) {
        try await cache.headlines()
      }
    }
  }
}
