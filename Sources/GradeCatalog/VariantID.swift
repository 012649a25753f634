/// Which implementation a write-tests task's tests run against, named by what it is.
///
/// A job's result is found by its variant's identity, never by its place in a
/// list. The order of `LessonTask.WriteTests.variants(of:)` is used only where
/// no name may be shown: the folders of a released copy.
public struct VariantID: Hashable, Sendable, CustomStringConvertible {
  /// What the variant is.
  public enum Role: Hashable, Sendable {
    /// The lesson's solution: the canonical correct implementation.
    case solution
    /// Another correct implementation, which uses a freedom the contract leaves.
    case wheat(LessonTask.Wheat)
    /// A buggy implementation the tests must catch.
    case chaff(Chaff)
    /// A correct implementation with other timing, for the check on tests that pass by luck.
    case timingWheat(LessonTask.Wheat)
    /// The solution with one small change the grader made (`KeptMutants`), which the tests must catch.
    case mutant(MutantChange)
  }

  /// The task's number.
  public var task: Int
  /// What the variant is.
  public var role: Role

  /// Creates an identity.
  public init(task: Int, role: Role) {
    self.task = task
    self.role = role
  }

  /// The task's solution.
  public static func solution(of task: Int) -> VariantID { VariantID(task: task, role: .solution) }

  /// Whether the tests must pass on it: every variant but a chaff.
  public var isCorrect: Bool {
    switch role {
    case .chaff, .mutant: false
    case .solution, .wheat, .timingWheat: true
    }
  }

  /// The number of the variant's mutant among its task's: 0 for every variant but a mutant.
  public var mutantNumber: Int {
    if case .mutant(let change) = role { change.number } else { 0 }
  }

  /// The number a run of the variant switches on in its program: the mutant's in the task's
  /// mutants program, and 0 for every other variant, a mutant built alone included.
  public var switchNumber: Int {
    if case .mutant(let change) = role, change.builtAlone != true { change.number } else { 0 }
  }

  /// A name for traces and the job cache, never shown to a test: `task-2-chaff-off-by-one`.
  public var description: String {
    switch role {
    case .solution: "task-\(task)-solution"
    case .wheat(let wheat): "task-\(task)-wheat-\(wheat.name)"
    case .chaff(let chaff): "task-\(task)-chaff-\(chaff.name)"
    case .timingWheat(let wheat): "task-\(task)-timing-wheat-\(wheat.name)"
    case .mutant(let change): "task-\(task)-mutant-\(change.id)"
    }
  }
}

extension LessonTask.WriteTests {
  /// Every variant of the task, in a fixed order: the solution, the other wheats, the chaffs,
  /// the timing wheats.
  public func variants(of task: Int) -> [VariantID] {
    [.solution(of: task)] + wheats.map { VariantID(task: task, role: .wheat($0)) }
      + chaffs.map { VariantID(task: task, role: .chaff($0)) }
      + (flakiness?.timingWheats ?? []).map { VariantID(task: task, role: .timingWheat($0)) }
  }
}
