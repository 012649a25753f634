/// The sort of change a mutant makes, named the way mutation-analysis tools name them: facts,
/// which Feedback words (`MutationKind.words`).
public enum MutationKind: String, Codable, Hashable, Sendable, CaseIterable {
  /// `<` `<=` `>` `>=` `==` `!=` swapped for a boundary or negated neighbour.
  case relationalOperator
  /// `+` `-` `*` `/` `%` (and their assignments) swapped, on numbers only.
  case arithmeticOperator
  /// `&&` and `||` swapped.
  case logicalOperator
  /// The condition of an `if`, `guard` or `while` negated.
  case negatedCondition
  /// A `guard`'s condition made `true`, so that it never exits.
  case removedGuard
  /// A `defer` whose body no longer runs.
  case removedDefer
  /// A call or an assignment statement left out.
  case droppedStatement
  /// An integer literal made one more or one less.
  case nudgedConstant
  /// `true` and `false` swapped.
  case flippedBoolean
  /// A returned value replaced by its type's plainest value (`!b`, `0`, `nil`, `[]`).
  case replacedReturn
  /// A string literal made empty, or an empty one made `"mutant"`.
  case changedString
  /// A search's predicate left out: `first(where:)` made `first`, `filter` made nothing,
  /// `contains(where:)` made `!isEmpty`.
  case droppedPredicate
  /// A standard method swapped for its mirror (`first` and `last`, `min` and `max`,
  /// `prefix` and `suffix`, `removeFirst` and `removeLast`, `contains` and `allSatisfy`,
  /// `append` and `insert(_:at: 0)`).
  case swappedMethod
  /// A call's receiver standing for the call, where the types agree (`sorted()` or `map` left out).
  case skippedCall
  /// A function's whole body replaced by its result type's plain values, as cargo-mutants does.
  case emptiedBody
  /// An `if`, `while` or ternary condition made `true`, or `false`.
  case forcedCondition
  /// A statement moved out of the loop around it, or a neighbour of a loop moved into it.
  case movedStatement
  /// A statement that holds an `await` swapped with its neighbour.
  case movedAwait
}
