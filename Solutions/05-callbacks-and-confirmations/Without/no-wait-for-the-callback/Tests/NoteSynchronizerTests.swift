import Synchronization
import Testing
@testable import CallbackTesting

// You are testing NoteSynchronizer (Sources/NoteSynchronizer.swift): it
// reports through two callbacks, later, from another task. Your tests are
// graded against copies that each hide one bug, and run many times against
// correct copies whose callbacks come sooner or later than the real one's.
// A test that guesses how long to wait fails there: wait for the events.

@Suite("NoteSynchronizer")
struct NoteSynchronizerTests {
  /// One callback the synchronizer made, in the order it made them.
  enum Event: Equatable, Sendable {
    case progress(Int)
    case complete(Result<Int, SyncError>)
  }

  /// A fake server: it takes every note except those it is told to refuse,
  /// and remembers the titles it was sent, in order.
  final class FakeServer: Sendable {
    private let refusing: [String: SyncError]
    private let received = Mutex<[String]>([])

    init(refusing: [String: SyncError] = [:]) {
      self.refusing = refusing
    }

    /// The titles uploaded so far, oldest first.
    var uploads: [String] { received.withLock { $0 } }

    func upload(_ title: String) async -> SyncError? {
      received.withLock { $0.append(title) }
      return refusing[title]
    }
  }

  /// Runs one sync and returns every callback it made, in order, once
  /// `onComplete` has been called; throws `CallbackTimeout` if it never is.
  func events(syncing notes: [String], with server: FakeServer) async throws -> [Event] {
    let synchronizer = NoteSynchronizer(upload: server.upload)
    let log = Mutex<[Event]>([])
    // awaitCallback resumes once, so a handler called twice cannot crash the
    // test, and it gives up instead of hanging when the handler never comes.
    synchronizer.sync(
      notes,
      onProgress: { count in log.withLock { $0.append(.progress(count)) } },
      onComplete: { result in log.withLock { $0.append(.complete(result)) } })
    return log.withLock { $0 }
  }

  @Test("Every note is uploaded in order, with progress 1, 2, 3 and then success")
  func syncsEveryNote() async throws {
    let server = FakeServer()
    let input = ["Groceries", "Ideas", "Plans"]
    let expected: [Event] = [.progress(1), .progress(2), .progress(3), .complete(.success(3))]

    let events = try await events(syncing: input, with: server)

    #expect(events == expected)
    #expect(server.uploads == input)
  }

  @Test("No notes: no progress, and success with 0")
  func syncsNothing() async throws {
    let events = try await events(syncing: [], with: FakeServer())

    #expect(events == [.complete(.success(0))])
  }

  @Test("A refused note ends the sync with the server's error and uploads nothing more")
  func refusedNoteStopsTheSync() async throws {
    let server = FakeServer(refusing: ["Ideas": .rejected("Ideas")])
    let input = ["Groceries", "Ideas", "Plans"]
    let expected: [Event] = [.progress(1), .complete(.failure(.rejected("Ideas")))]

    let events = try await events(syncing: input, with: server)

    #expect(events == expected)
    #expect(server.uploads == ["Groceries", "Ideas"])
  }

  @Test("Being offline for the first note fails the sync with .offline")
  func offlineFailsAtOnce() async throws {
    let server = FakeServer(refusing: ["Groceries": .offline])

    let events = try await events(syncing: ["Groceries"], with: server)

    #expect(events == [.complete(.failure(.offline))])
  }

  @Test("Progress is counted while you await the sync, exactly once per note")
  func progressIsConfirmedPerNote() async throws {
    let synchronizer = NoteSynchronizer(upload: FakeServer().upload)
    let input = ["Groceries", "Ideas", "Plans"]

    // The confirmation counts while its closure runs, and the closure awaits
    // the completion, so every progress call has happened when it returns.
    try await confirmation("one progress call per note", expectedCount: input.count) { uploaded in
      let result = try await awaitCallback(timeout: .milliseconds(500)) { done in
        synchronizer.sync(input, onProgress: { _ in uploaded() }, onComplete: done)
      }
      #expect(result == .success(input.count))
    }
  }
}
