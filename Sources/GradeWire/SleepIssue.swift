/// The issue the runner records in a test that waited for real time to pass, where the task
/// asks tests to wait for events (`RunOrders.waitsForEvents`).
///
/// One file compiled into the runner and the grader, so the grader's tests check the words
/// the runner writes. They ask for the event and nothing else: a bound on the wait is no cure
/// for a sleep, and lesson 9 leaves the bound to the run's time limit.
public enum SleepIssue {
  /// The issue's message for a sleep of `milliseconds`.
  public static func message(milliseconds: Int64) -> String {
    let length = milliseconds < 1 ? "under 1 ms" : "\(milliseconds) ms"
    return "This test waited \(length) of real time to pass: it waits for a guessed length of time, "
      + "not for the event. Wait for the event itself (a continuation, a confirmation, the task's value)"
  }
}
