import GradeResults

extension GradingProblem {
  /// The problem in words, completing "Could not grade: …".
  public var words: String {
    switch self {
    case .noPlan: "the build carries no plan of what it compiled"
    case .noResult(let run): "the grader has no result of the run \(run)"
    case .misuseNotCompiled(let path): "\(path) could not be compiled"
    case .entryPointDoesNotCompile(let output): "the grader's entry point does not compile: \(output)"
    case .compilerTimedOut(let limit): "the compiler took longer than \(limit) and was stopped"
    case .compilerFailedSilently(let output): "the compiler failed without an error message: \(output)"
    case .unknownTaskKind(let kind, let known):
      "the catalog gives this task the kind \"\(kind)\", which this grader does not know; known kinds: \(known.joined(separator: ", "))"
    case .error(let message): message
    }
  }
}
