import Testing
@testable import ExpectRequire

// You are testing UserStore
// (Lessons/01-expect-and-require/Sources/UserStore.swift): it gives each user
// an id no other user has, and `user(id:)` returns an optional. Your tests are
// graded against copies of UserStore that each hide one bug, and against
// correct copies that number their users another way. Good tests catch every
// bug, fail cleanly instead of crashing, and report every wrong field at once.

@Suite("UserStore")
struct UserStoreTests {
  // TODO: Add @Test functions that add users and find them again by id.
  // Unwrap what `user(id:)` returns with `try #require`, check each field
  // with its own `#expect`, and check what an id nobody has returns.
}
