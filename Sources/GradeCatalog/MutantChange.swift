/// A kept mutant as a grading knows it: its number in the task's mutants program, and where
/// and how it changes the code, for Feedback to put into words a learner can act on.
///
/// Where the mutated file is one the learner was handed, the change is quoted
/// ("`amount > balance` becomes `amount >= balance`"); where it is a file the learner writes
/// in an implement task, it has the function and the kind of change only, since the
/// code changed is the solution's, which the learner has not been given.
public struct MutantChange: Sendable, Hashable, Codable {
  /// The mutant's stable id (`Mutant.id`).
  public var id: String
  /// The number that switches it on in its task's mutants program (`MutantSchema`).
  public var number: Int
  /// The innermost declaration holding the change (`Account.withdraw(_:)`).
  public var declaration: String
  /// The kind of change (`relationalOperator`), which Feedback words (`a comparison is changed`).
  public var kind: MutationKind
  /// The change quoted (`` `balance >= amount` becomes `balance < amount` ``), or `nil` where
  /// the learner writes the file and its code is not shown.
  public var quoted: String?
  /// Where the change is, as the learner knows the file, with its line
  /// (`Lessons/08-actors-and-races/Sources/Account.swift:59`), or `nil` where the code is not shown.
  public var location: String?
  /// Whether the mutant is a program of its own (`Mutant.builtAlone`), which runs as built:
  /// its run switches nothing on, so no test can read which mutant it is.
  public var builtAlone: Bool?

  /// Creates a change.
  public init(
    id: String, number: Int, declaration: String, kind: MutationKind, quoted: String?, location: String?, builtAlone: Bool = false
  ) {
    self.id = id
    self.number = number
    self.declaration = declaration
    self.kind = kind
    self.quoted = quoted
    self.location = location
    self.builtAlone = builtAlone ? true : nil
  }

  /// Whether the change can be named exactly, more than by its kind and function: it is
  /// quoted, at its line (Feedback words both, `MutantChange.words` and `outline`).
  public var hasExactWords: Bool { quoted != nil && location != nil }
}
