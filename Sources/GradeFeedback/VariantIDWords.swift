import GradeCatalog

extension VariantID {
  /// What it is in words, completing "against …": `the solution`, `code that counts from 0`.
  public var words: String {
    switch role {
    case .solution: "the solution"
    case .wheat(let wheat), .timingWheat(let wheat): "correct code that \(wheat.description)"
    case .chaff(let chaff): "code that \(chaff.misconception)"
    case .mutant(let change): "the code where \(change.words)"
    }
  }
}
