import Foundation
import Synchronization
import Testing
@testable import DependencyInjection

// `HeadlineCache` (Sources/HeadlineCache.swift) reads its dependencies from
// `HeadlineEnvironment.current`, a task-local value: a test gives it fakes by
// binding that value for its own task, and no other test running at the same
// time sees them. Write tests that pin down when the cache asks the server and
// when it must not, and make any question your test did not expect fail the test.

@Suite("Task 6: the headline cache")
struct HeadlineCacheTests {
  // TODO: Write an environment whose closures record an issue when called,
  // start each test from it, fake only what the test expects the cache to use
  // (a time the test moves, a server that answers the fetches the test
  // announced), and bind it for the test with
  // `HeadlineEnvironment.$current.withValue(_:operation:)` or a scoping trait.
  // Then test the first call, a call while the list is fresh, exactly maxAge
  // later, after maxAge, a failed refresh, and a failed first fetch.
}
