import GradeCatalog

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
  /// Whether the file is a view, which shows what its model holds and does nothing else: no
  /// branch, loop, operator, interpolation, `try` or `await` of its own (`"views"`).
  public var thinView = false
  /// The operators the file may declare, or `nil` where any may be: a file of `Sources/` may
  /// declare only those its task asks for (`"operators"`). Canonical tests compare what the
  /// code returns with `==` and its kin, so an operator a learner's file adds (an `==` that
  /// always says "equal") would decide the tests' verdict instead of the code.
  public var operators: Set<String>?
  /// The members the compiler writes for a conformance (`synthesized`) that the file may write
  /// itself, or `nil` where any may be: a file of `Sources/` may write only those its task asks
  /// for (`"witnesses"`). A canonical test reaches them without naming them: its arguments
  /// from `allCases`, a set through `hash(into:)`, so a file that wrote its own (an `allCases`
  /// with no case) would decide the tests' verdict instead of the code.
  public var witnesses: Set<String>?

  /// Creates rules.
  public init(imports: [String], refusedPromises: Set<String> = [], leftBehind: [String] = []) {
    self.imports = imports
    self.refusedPromises = refusedPromises
    self.leftBehind = leftBehind
  }


  /// The promises the compiler stops checking, by the name the catalog gives them.
  public static let promises = ["@unchecked Sendable", "nonisolated(unsafe)", "@preconcurrency"]

  /// What a view may not hold, by the parser's name for it, in words for the learner.
  static let logic: [String: String] = [
    "if_stmt": "an if", "guard_stmt": "a guard", "switch_stmt": "a switch", "for_each_stmt": "a for loop",
    "while_stmt": "a while loop", "repeat_while_stmt": "a repeat loop", "ternary_expr": "a ?: choice",
    "sequence_expr": "an operator", "prefix_unary_expr": "an operator", "interpolated_string_literal_expr": "a string it formats", "try_expr": "a try",
    "await_expr": "an await", "do_catch_stmt": "a do-catch",
  ]

  /// The attributes a lesson's files may use, by the parser's name for them; every other is
  /// refused, so an attribute a later Swift adds is refused until someone lists it here.
  ///
  /// The list is what the workbook's own lessons, solutions and tests use, and a few more
  /// that change only how a declaration is checked or spelled. A custom attribute (`@Test`,
  /// `@MainActor`, `@Observable`, a property wrapper) names a type or a macro, which an
  /// allowed import brings: it is allowed. None here places code where the loader runs it
  /// (`@section`, `@used`), names a symbol (`@c`, `@_cdecl`), or changes what another module
  /// sees of the code (`@export`, `@inlinable`).
  static let attributes: Set<String> = [
    "access_control_attr", "setter_access_attr", "custom_attr", "final_attr", "discardable_result_attr", "mutating_attr",
    "non_mutating_attr", "nonisolated_attr", "override_attr", "concurrent_attr", "reference_ownership_attr", "convenience_attr",
    "required_attr", "lazy_attr", "indirect_attr", "available_attr", "preconcurrency_attr", "sendable_attr",
    "global_actor_attr", "property_wrapper_attr", "result_builder_attr", "dynamic_member_lookup_attr", "borrowing_attr",
    "consuming_attr", "isolated_attr",
  ]

  /// Whether `node`, a node of the parser's tree, is a discard such as `_ = model.payTapped()`:
  /// the parser reads it as a sequence of `_`, `=` and one expression, but nothing is decided
  /// there, so a view may hold one. What the expression holds is looked at on its own.
  static func isDiscard(_ node: [String: Any]) -> Bool {
    guard node["_kind"] as? String == "sequence_expr", let elements = node["elements"] as? [[String: Any]],
      elements.count == 3
    else { return false }
    return elements[0]["_kind"] as? String == "discard_assignment_expr" && elements[1]["_kind"] as? String == "assign_expr"
  }

  /// The declarations a lesson's files may make, by the parser's name for them; every other is
  /// refused. A macro declaration (`macro m() = #externalMacro(...)`) points the compiler at a
  /// plugin to load and run, so it is not among them, nor is any kind a later Swift adds.
  static let declarations: Set<String> = [
    "var_decl", "pattern_binding_decl", "func_decl", "enum_element_decl", "constructor_decl", "import_decl", "struct_decl",
    "enum_case_decl", "class_decl", "accessor_decl", "enum_decl", "extension_decl", "destructor_decl", "subscript_decl",
    "associated_type_decl", "infix_operator_decl", "prefix_operator_decl", "postfix_operator_decl", "precedence_group_decl",
  ]

  /// The `#` words a lesson's files may write: the conditional-compilation directives, the
  /// availability conditions, the literals that say where code is, and the macros of the
  /// modules a lesson imports that its files use. Every other is refused, read from the
  /// file's bytes (`SourceSurvey.poundWords`), since the parser keeps no trace of a directive:
  /// `#sourceLocation` would have every later diagnostic name another file, `#warning` and
  /// `#error` would write diagnostics of the learner's wording, and `#dsohandle` gives an
  /// address, which differs between programs.
  static let poundWords: Set<String> = [
    "if", "elseif", "else", "endif", "available", "unavailable",
    "file", "fileID", "filePath", "line", "column", "function", "isolation",
    "expect", "require",
  ]

  /// The members the compiler writes for a conformance a type declares, by their full names:
  /// CaseIterable's, RawRepresentable's, Hashable's and Codable's (`==` and `<` are operators,
  /// which `operators` lists). A type gets them from the compiler unless a file writes its own.
  static let synthesized: Set<String> = [
    "allCases", "rawValue", "init(rawValue:)", "hash(into:)", "hashValue", "encode(to:)", "init(from:)",
  ]

  /// The members that read the call stack.
  static let callStackMembers: Set<String> = ["callStackSymbols", "callStackReturnAddresses"]

  /// The rules of the file `file` (as the catalog names it) of `task` in `lesson`.
  public static func of(_ task: LessonTask, in lesson: Lesson, file: String? = nil) -> CodeRules {
    var forbidden: [String] = []
    switch task.kind {
    case .writeTests(let spec): forbidden = spec.forbidden
    case .compiles(let spec): forbidden = spec.forbidden
    default: break
    }
    var rules = CodeRules(
      imports: lesson.imports, refusedPromises: Set(forbidden).intersection(promises),
      leftBehind: forbidden.filter { !promises.contains($0) && $0.first?.isUppercase == true && !$0.contains(" ") })
    rules.thinView = file.map(task.views.contains) ?? false
    if file?.hasPrefix(Lesson.sourcesFolder + "/") ?? false {
      rules.operators = Set(task.operators)
      rules.witnesses = Set(task.witnesses)
    }
    return rules
  }

  /// Whether `module` may be imported by a file in `Tests/` (`tests`) or `Sources/` of `lesson`.
  func mayImport(_ module: String, lessonModule: String, tests: Bool) -> Bool {
    module == lessonModule || imports.contains(module) || (tests && module == "Testing") || module == "Swift"
  }
}
