import Testing
@testable import CallbackTesting

// You are testing UnreadBadge (Sources/UnreadBadge.swift), whose counts()
// stream plays the part a @Published property's publisher plays in Combine:
// the count now, then each change. Your tests are graded against copies that
// each hide one bug, and run many times against correct copies, one of which
// delivers every count later than the real one. Bound every wait.

@Suite("UnreadBadge")
struct UnreadBadgeTests {
  // TODO: Add @Test functions for each promise of UnreadBadge's doc comments:
  // what a new stream starts with, every change after it, in order, heard by
  // every stream, and what count each call leaves. Ask for the stream before
  // you change the badge, collect what it gives with for await inside
  // awaitCallback, and skip the count it starts with using dropFirst() where
  // you want only the changes.
}
