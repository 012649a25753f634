import GradeBox

/// Everything about a grading that is not the lesson or the learner's files and still changes a result.
package struct GradingSettings: Sendable, Equatable {
  /// The limits on every run.
  package var limits: BoxLimits
  /// Whether runs get their own namespaces.
  var namespaces: Bool
  /// Whether the code under test is hidden from the tests (run as another user).
  var codeHidden: Bool
  /// The first line of `swiftc --version`.
  var toolchain: String
  /// Whether every task runs in a ThreadSanitizer build (`--sanitize thread`).
  var threadSanitizer: Bool
  /// How many processes share a flaky-test check's runs.
  package var repetitionShares: Int
  /// Which box runs go in (`BoxKind`): a portable or Darwin box's result is not the Linux box's.
  package var box: BoxKind = .linux
  /// What the program inside the box can watch here; a check it cannot make is not planned.
  package var hooks = RunnerHooks.host

  /// Creates the settings of a grading.
  package init(limits: BoxLimits, namespaces: Bool, codeHidden: Bool, toolchain: String, threadSanitizer: Bool, repetitionShares: Int) {
    self.limits = limits
    self.namespaces = namespaces
    self.codeHidden = codeHidden
    self.toolchain = toolchain
    self.threadSanitizer = threadSanitizer
    self.repetitionShares = repetitionShares
  }
}
