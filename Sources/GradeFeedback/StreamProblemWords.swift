import GradeEvents
import GradeResults

extension StreamProblem {
  /// The problem in words, a clause such as "the test a() was announced twice".
  /// Every name in it comes from the run, so it is escaped.
  public var words: String {
    func shown(_ name: String) -> String { ShownText.escaped(name, limit: ShownText.messageLimit) }
    return switch self {
    case .foreignKey: "the run's key is not one the grader made"
    case .reordered(let record, let due): "the event stream lost or reordered records (record \(record) came where \(due) was due)"
    case .unsealedLine: "the event stream holds a line the test harness did not write"
    case .unannounced(let event, let test): "a \(shown(event)) event for a test the run never announced (\(shown(test)))"
    case .afterTheEnd: "the event stream went on after the run ended"
    case .announcedTwice(let test): "the test \(shown(test)) was announced twice"
    case .startedTooOften(let test): "the test \(shown(test)) started more often than the run repeats"
    case .endedUnstarted(let test): "the test \(shown(test)) ended without starting, or twice"
    case .skippedAfterStarting(let test): "the test \(shown(test)) was skipped after it started"
    case .malformedLines(let count): "\(Count.words(count, "line")) of the event stream \(count == 1 ? "is" : "are") not Swift Testing's"
    case .noResult(let tests, let count): "the run ended without a result for \(Count.words(count, "test")): " + tests.map(shown).joined(separator: ", ")
    case .ranTooFew(let count, let repetitions): "the run ended before \(Count.words(count, "test")) ran \(repetitions) times"
    case .passedDespiteFailure: "the test binary exited with status 0 although tests failed"
    case .failedWithoutFailure: "the test binary exited with status 1 although no record says a test failed"
    case .passedBeforeTheEnd: "the test binary exited with status 0 although its records stop before the run ended"
    }
  }
}
