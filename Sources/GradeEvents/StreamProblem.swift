/// Why a run's own report does not add up, so that none of it counts: each a fact, which
/// Feedback alone puts into words.
public enum StreamProblem: Sendable, Hashable, Codable {
  /// The run was given no key the grader made.
  case foreignKey
  /// A record the harness sealed came under another number: records were lost or reordered.
  case reordered(record: Int, due: Int)
  /// A line the harness never sealed.
  case unsealedLine
  /// An event named a test the run never announced.
  case unannounced(event: String, test: String)
  /// Records came after the run's end.
  case afterTheEnd
  /// A test was announced twice.
  case announcedTwice(test: String)
  /// A test started more often than the run repeats.
  case startedTooOften(test: String)
  /// A test ended without starting, or twice.
  case endedUnstarted(test: String)
  /// A test was skipped after it started.
  case skippedAfterStarting(test: String)
  /// Lines of the stream that are not Swift Testing's.
  case malformedLines(Int)
  /// The run ended with no result for these tests (display names, at most three) of `count`.
  case noResult(tests: [String], count: Int)
  /// The run ended before `count` tests ran as often as it repeats.
  case ranTooFew(count: Int, repetitions: Int)
  /// The program exited with status 0 although its records say a test failed.
  case passedDespiteFailure
  /// The program exited with status 1 although no record says a test failed.
  case failedWithoutFailure
  /// The program exited with status 0 although its records stop before the run's end.
  case passedBeforeTheEnd
}
