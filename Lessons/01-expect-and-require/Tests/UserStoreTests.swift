import Testing
@testable import ExpectRequire

// You are testing UserStore
// (Lessons/01-expect-and-require/Sources/UserStore.swift): it hands out ids 1,
// 2, 3, ... and `user(id:)` returns an optional. Your tests are graded against
// copies of UserStore that each hide one bug. Good tests catch every copy, fail
// cleanly instead of crashing, and report every wrong field at once.

@Suite("UserStore")
struct UserStoreTests {
  // TODO: Add @Test functions that add users and find them again by id.
  // Unwrap what `user(id:)` returns with `try #require`, check each field
  // with its own `#expect`, and check what an id nobody has returns.
}
