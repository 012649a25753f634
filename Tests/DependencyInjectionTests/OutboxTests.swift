import Foundation
import Synchronization
import Testing
@testable import DependencyInjection

/// A time source for tests: it says the time you set, and moves only when you move it.
final class TestTime: Sendable {
  private let current: Mutex<Date>

  /// Creates a time source that starts at `start`.
  init(_ start: Date) {
    current = Mutex(start)
  }

  /// The time right now, as far as the code under test knows.
  var now: Date {
    current.withLock { $0 }
  }

  /// Moves time forward by `seconds`.
  func advance(by seconds: TimeInterval) {
    current.withLock { $0 += seconds }
  }
}

/// Hands out the IDs ...0001, ...0002, ... in order, so a test knows each one in advance.
final class SequentialIDs: Sendable {
  private let count = Mutex(0)

  /// Returns the next ID.
  func next() -> UUID {
    let number = count.withLock { count in
      count += 1
      return count
    }
    return SequentialIDs.id(number)
  }

  /// The ID that `next()` returns the `number`th time.
  static func id(_ number: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-" + String(format: "%012d", number))!
  }
}

@Suite("Task 2: the outbox reads the time and IDs from its environment")
struct OutboxTests {
  @Test("A new message gets the ID and the time the environment gives")
  func stampsMessages() {
    let fixedID = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!
    let fixedDate = Date(timeIntervalSince1970: 1_700_000_000)
    var outbox = Outbox(environment: OutboxEnvironment(now: { fixedDate }, makeID: { fixedID }))
    let expected = OutgoingMessage(id: fixedID, text: "On my way", createdAt: fixedDate)

    let message = outbox.enqueue("On my way")

    #expect(message == expected)
    #expect(outbox.pending == [expected])
  }

  @Test("Each message gets the next ID")
  func freshIDs() {
    let ids = SequentialIDs()
    let environment = OutboxEnvironment(now: { Date(timeIntervalSince1970: 0) }, makeID: { ids.next() })
    var outbox = Outbox(environment: environment)

    outbox.enqueue("First")
    outbox.enqueue("Second")

    let expected = [SequentialIDs.id(1), SequentialIDs.id(2)]
    #expect(outbox.pending.map(\.id) == expected)
  }

  @Test("A message is overdue only once it has waited longer than the limit")
  func overdueAfterLimit() {
    let time = TestTime(Date(timeIntervalSince1970: 1_700_000_000))
    var outbox = Outbox(environment: OutboxEnvironment(now: { time.now }, makeID: { UUID() }))
    let message = outbox.enqueue("Running late")

    time.advance(by: 60)
    #expect(outbox.overdue(after: 60).isEmpty, "exactly at the limit is not yet overdue")

    time.advance(by: 1)
    #expect(outbox.overdue(after: 60) == [message])
  }
}
