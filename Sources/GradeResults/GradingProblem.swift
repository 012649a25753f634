/// What kept the grader from grading, as facts: its trouble or the workbook's, never the
/// learner's. Feedback words it (`GradingProblem.words`).
public enum GradingProblem: Sendable, Equatable, Codable {
  /// The build carries no plan of what it compiled, so nothing can be judged against it.
  case noPlan
  /// The grader has no result of the run it names (a job never planned, or never run).
  case noResult(run: String)
  /// A file of misuses could not be compiled, though the module it uses did.
  case misuseNotCompiled(path: String)
  /// The grader's entry point (the runner's program) does not compile: the compiler's output, its end.
  case entryPointDoesNotCompile(output: String)
  /// The compiler ran past its time limit and was stopped.
  case compilerTimedOut(after: Duration)
  /// The compiler failed and named no error: its output, its end.
  case compilerFailedSilently(output: String)
  /// The catalog gives a task a kind this grader does not know.
  case unknownTaskKind(String, known: [String])
  /// A step below the stages failed (a folder not written, a box not started): the grader's
  /// error as it was thrown (`GradeError.message`), which names the path or program concerned.
  case error(String)
}
