/// What the files a learner owns in one task may hold, from the catalog.
///
/// Always refused, since they could read the code under test or change the
/// harness: underscored attributes, unsafe code and the markings that allow it,
/// reading the call stack, exported C symbols, and modules the lesson does not
/// name (`"imports"`). A task may also refuse, as a matter of design, promises
/// the compiler stops checking and modules it leaves behind (`"forbidden"`):
/// `@unchecked Sendable` in a task the compiler grades, XCTest after a migration.
public struct CodeRules: Sendable, Equatable {
  /// Modules the files may import, besides the lesson's own module and, in tests, Testing.
  public var imports: [String]
  /// Promises the compiler stops checking that the task refuses, such as `@unchecked Sendable`.
  public var refusedPromises: Set<String>
  /// Modules the task leaves behind, such as `XCTest`.
  public var leftBehind: [String]

  /// Creates rules.
  public init(imports: [String], refusedPromises: Set<String> = [], leftBehind: [String] = []) {
    self.imports = imports
    self.refusedPromises = refusedPromises
    self.leftBehind = leftBehind
  }

  /// The modules a lesson's files may import when its catalog entry names none.
  public static let defaultImports = ["Foundation", "Synchronization", "Observation", "Dispatch"]

  /// The promises the compiler stops checking, by the name the catalog gives them.
  public static let promises = ["@unchecked Sendable", "nonisolated(unsafe)", "@preconcurrency"]

  /// The members that read the call stack.
  static let callStackMembers: Set<String> = ["callStackSymbols", "callStackReturnAddresses"]

  /// The rules of `task` in `lesson`.
  public static func of(_ task: LessonTask, in lesson: Lesson) -> CodeRules {
    var forbidden: [String] = []
    switch task.kind {
    case .writeTests(let spec): forbidden = spec.forbidden
    case .compiles(let spec): forbidden = spec.forbidden
    default: break
    }
    return CodeRules(
      imports: lesson.imports, refusedPromises: Set(forbidden).intersection(promises),
      leftBehind: forbidden.filter { !promises.contains($0) && $0.first?.isUppercase == true && !$0.contains(" ") })
  }

  /// Whether `module` may be imported by a file in `Tests/` (`tests`) or `Sources/` of `lesson`.
  func mayImport(_ module: String, lessonModule: String, tests: Bool) -> Bool {
    module == lessonModule || imports.contains(module) || (tests && module == "Testing") || module == "Swift"
  }
}
