import GradeCatalog

extension MutationKind {
  /// The kind in words, for a learner who is not shown the code (`a comparison changed`).
  public var words: String {
    switch self {
    case .relationalOperator: "a comparison is changed"
    case .arithmeticOperator: "an arithmetic operator is changed"
    case .logicalOperator: "`&&` and `||` are swapped"
    case .negatedCondition: "a condition is negated"
    case .removedGuard: "a guard never exits"
    case .removedDefer: "a defer's body is left out"
    case .droppedStatement: "a statement is left out"
    case .nudgedConstant: "a number is made one more or one less"
    case .flippedBoolean: "`true` and `false` are swapped"
    case .replacedReturn: "a returned value is replaced by a plain one"
    case .changedString: "a string constant is changed"
    case .droppedPredicate: "a search's condition is left out"
    case .swappedMethod: "a method is swapped for its mirror image (`first` for `last`, `min` for `max`)"
    case .skippedCall: "a call is skipped, its receiver used as it is"
    case .emptiedBody: "a whole body is replaced by a plain value"
    case .forcedCondition: "a condition is made always true or always false"
    case .movedStatement: "a statement is moved into or out of a loop"
    case .movedAwait: "a statement that awaits swaps places with its neighbour"
    }
  }
}
