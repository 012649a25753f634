import Testing
@testable import CallbackTesting

// You are testing UnreadBadge (Sources/UnreadBadge.swift), whose counts()
// stream plays the part a @Published property's publisher plays in Combine:
// the count now, then each change. Your tests are graded against copies that
// each hide one bug, and run many times against correct copies, one of which
// delivers every count later than the real one. Bound every wait.

@Suite("UnreadBadge")
struct UnreadBadgeTests {
  /// The first `count` values of `stream`, or as many as it gives before it
  /// finishes; throws `CallbackTimeout` when they have not all come within
  /// half a second.
  func first(_ count: Int, of stream: some AsyncSequence<Int, Never> & Sendable) async throws -> [Int] {
    // Like Combine's `.prefix(count).collect()` in a sink, with the wait bounded.
    try await awaitCallback(timeout: .milliseconds(500)) { done in
      Task {
        var values: [Int] = []
        for await value in stream.prefix(count) { values.append(value) }
        done(values)
      }
    }
  }

  @Test("A new stream starts with the count at the moment it was asked for")
  func startsWithTheCountNow() async throws {
    let badge = UnreadBadge()
    badge.received(2)
    badge.received(3)

    let counts = badge.counts()

    #expect(try await first(1, of: counts) == [5])
  }

  @Test("After the count it starts with, a stream gives every change in order")
  func givesEveryChange() async throws {
    let badge = UnreadBadge(unread: 1)
    let counts = badge.counts()

    badge.received(3)
    badge.readOne()
    badge.readAll()

    // dropFirst() skips the count the stream starts with, as in Combine.
    let expected = [4, 3, 0]
    #expect(try await first(3, of: counts.dropFirst()) == expected)
  }

  @Test("Every stream hears every change, and one that stops reading stops no other")
  func everyStreamHears() async throws {
    let badge = UnreadBadge()
    let tabBar = badge.counts()
    let appIcon = badge.counts()
    // A widget reads the count once and stops: nothing holds its stream any more, which ends it.
    #expect(try await first(1, of: badge.counts()) == [0])

    badge.received(2)

    #expect(try await first(1, of: tabBar.dropFirst()) == [2])
    #expect(try await first(1, of: appIcon.dropFirst()) == [2])
  }

  @Test("Reading a note when none is unread leaves 0")
  func readOneStopsAtZero() {
    let badge = UnreadBadge()

    badge.readOne()

    #expect(badge.count == 0)
  }

  @Test("Receiving no notes, or fewer than none, changes nothing", arguments: [0, -2])
  func receivingNothing(notes: Int) {
    let badge = UnreadBadge(unread: 2)

    badge.received(notes)

    #expect(badge.count == 2)
  }

  // Over-specified: the doc comment lets a call that leaves the count as it
  // was give that count again, so the next change here may be 0, then 1.
  @Test("Reading a note when none is unread tells the streams nothing")
  func readOneAtZeroIsSilent() async throws {
    let badge = UnreadBadge()
    let counts = badge.counts()

    badge.readOne()
    badge.received(1)

    #expect(try await first(1, of: counts.dropFirst()) == [1])
  }
}
