import GradeCatalog

extension MutantChange {
  /// The change in words, completing "your tests pass when …": the quoted change and where it
  /// is, or the kind of change in a function the learner writes.
  public var words: String {
    if let quoted, let location { return "\(quoted) in \(declaration), \(location)" }
    return outline
  }

  /// The kind of change and the function it is in, without the code or the line, completing
  /// "your tests pass when …" (`a comparison is changed in DraftCounter.style(for:)`): what a
  /// learner is told first, so that they look for the promise it breaks, not at the edge it moves.
  public var outline: String {
    hasExactWords ? "\(kind.words) in \(declaration)" : "\(kind.words) in your \(declaration)"
  }
}
