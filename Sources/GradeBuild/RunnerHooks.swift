/// What the program inside the box can watch on this machine, beyond running the tests.
///
/// The runner's C half (`Sources/GradeRunnerC`) stands in front of libdispatch's and the C
/// library's functions, which works because a Linux program's own symbols come first. A Mac
/// program binds each symbol to the library that defines it (two-level namespace), so there
/// the shims are not built (`#if defined(__linux__)`), and what they watch is not checked.
/// A grading asks this value instead of the platform, so a test can grade either way here.
package struct RunnerHooks: Sendable, Equatable {
  /// Whether a test that waits for time is seen, and the late-events run can hold the code
  /// under test's jobs back (`WaitShim.c`, `LateEvents.c`, `LateDispatch.c`): what a task's
  /// `waitsForEvents` check needs.
  package var watchesWaits: Bool

  /// Creates the hooks a runner has.
  package init(watchesWaits: Bool) {
    self.watchesWaits = watchesWaits
  }

  /// The hooks of the runner this grader builds.
  package static var host: RunnerHooks {
    #if os(Linux)
      RunnerHooks(watchesWaits: true)
    #else
      RunnerHooks(watchesWaits: false)
    #endif
  }
}
