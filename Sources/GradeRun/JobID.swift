import GradeCatalog

/// One run of a test program that a lesson's grading needs, named by what it is.
package enum JobID: Hashable, Sendable, CustomStringConvertible {
  /// The canonical tests of an implement task, against the learner's module.
  case implement(task: Int)
  /// Every canonical test, so `grade check` can find tests that belong to no task.
  case allCanonicalTests
  /// A write-tests task's tests against one of its variants.
  case variant(VariantID)
  /// One share of a variant's runs, its tests repeated in one process: in a grading, the
  /// solution's runs that catch flaky tests, every share at once so that the runs happen
  /// under load; in `grade check --runs`, every variant's.
  case repeated(VariantID, share: Int)
  /// A write-tests task's tests against its solution with the code's events delivered late
  /// (`RunOrders.lateEvents`): a test that waits for time instead of the event fails there.
  case lateEvents(task: Int)

  /// The task the job grades, if it grades one.
  var task: Int? {
    switch self {
    case .implement(let task), .lateEvents(let task): task
    case .variant(let variant), .repeated(let variant, _): variant.task
    case .allCanonicalTests: nil
    }
  }

  /// The job's name in traces and its cache key: the grader's own, never shown to a test.
  package var description: String {
    switch self {
    case .implement(let task): "implement-\(task)"
    case .allCanonicalTests: "all-canonical-tests"
    case .variant(let variant): variant.description
    case .repeated(let variant, let share): "\(variant)-repeated-\(share)"
    case .lateEvents(let task): "late-events-\(task)"
    }
  }
}
