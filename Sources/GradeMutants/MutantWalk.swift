import Foundation
import GradeCatalog

/// One walk over a file's type-checked tree, collecting the mutants `MutantMaker` lists.
package struct MutantWalk {
  /// A node of the JSON tree.
  typealias Node = [String: Any]

  /// The file.
  let source: MutantSource
  /// Its name.
  let fileName: String
  /// What the walk found so far.
  var found: [Mutant] = []

  /// The declarations around the current node, outermost first, with where each starts.
  private var declarations: [(name: String, start: Int)] = []
  /// How many function, accessor or closure bodies hold the current node: constants and
  /// returns are mutated only in code that runs, never in a default argument or attribute.
  private var bodies = 0
  /// Where the literal conditions of loops (`while true`) start: the compiler knows such a
  /// loop only ends by `return` or `throw`, and a switch in their place makes it look
  /// for a `return` after the loop, so they are left alone.
  private var loopLiterals: Set<Int> = []
  /// The kinds of the code declarations around the current node, innermost last.
  private var code: [String] = []
  /// How many stored initializers (`static let path = "notes"`) outside any body hold the
  /// current node: their literals are constants the code runs with, so they are mutated too.
  private var initializers = 0
  /// How many interpolated strings hold the current node: a segment of one is not a literal
  /// of its own (its range is the whole string's).
  var interpolations = 0
  /// How many calls of `precondition`, `assert` or `fatalError` hold the current node: their
  /// messages are for a crash report, which no promise covers.
  var messages = 0

  /// Starts a walk over `source`.
  init(source: MutantSource, fileName: String) {
    self.source = source
    self.fileName = fileName
  }

  /// Keys never walked: the unchecked copy of an initializer (the checked one is
  /// `processed_init`), attributes, and what the compiler made up around a declaration.
  private static let skippedKeys: Set<String> = [
    "range", "original_init", "attrs", "captures", "implicit_self_decl", "inherits", "default_args_owner", "params",
  ]

  /// The relational swaps: each operator to its boundary neighbour and its negation.
  static let relational: [String: [String]] = [
    "<": ["<=", ">="], "<=": ["<", ">"], ">": [">=", "<="], ">=": [">", "<"], "==": ["!="], "!=": ["=="],
  ]
  /// The arithmetic swaps.
  static let arithmetic: [String: String] = [
    "+": "-", "-": "+", "*": "/", "/": "*", "%": "/",
    "+=": "-=", "-=": "+=", "*=": "/=", "/=": "*=", "%=": "/=",
  ]

  // MARK: Walking

  /// Visits `value` and everything under it.
  mutating func visit(_ value: Any) {
    if let list = value as? [Any] {
      for item in list { visit(item) }
      return
    }
    guard let node = value as? Node else { return }
    let kind = node["_kind"] as? String ?? ""
    let implicit = node["implicit"] as? Bool == true
    if kind == "func_decl", Self.baseName(of: node) == "$defer" {
      // A `defer` body is an implicit function the compiler names `$defer`: it is the
      // learner's code all the same.
      visitChildren(of: node)
      return
    }
    if kind.hasSuffix("_decl"), implicit, kind != "pattern_binding_decl" { return }
    // Code a macro wrote (`@Observable`'s accessors) has ranges in a buffer of its own,
    // not in the file: it is not the learner's to mutate.
    if (node["range"] as? Node)?["buffer_id"] != nil { return }
    if let name = declarationName(of: node, kind: kind) {
      declarations.append((name, range(of: node)?.start ?? declarations.last?.start ?? 0))
      defer { declarations.removeLast() }
      inspectAndVisit(node, kind: kind)
      return
    }
    inspectAndVisit(node, kind: kind)
  }

  /// Inspects `node` and visits its children, counting a body where one starts.
  private mutating func inspectAndVisit(_ node: Node, kind: String) {
    if bodies > 0 {
      inspect(node, kind: kind)
    } else if initializers > 0, Self.constantKinds.contains(kind) {
      inspectConstant(node, kind: kind)
    }
    let isCode = ["func_decl", "constructor_decl", "destructor_decl", "accessor_decl", "closure_expr"].contains(kind)
    if isCode {
      if kind == "func_decl" || kind == "accessor_decl" { emptyBody(of: node) }
      bodies += 1
      code.append(kind)
    }
    let isInitializer = bodies == 0 && kind == "pattern_binding_decl"
    let isInterpolation = kind == "interpolated_string_literal_expr"
    let isMessage = kind == "call_expr" && Self.isMessageCall(node)
    if isInitializer { initializers += 1 }
    if isInterpolation { interpolations += 1 }
    if isMessage { messages += 1 }
    visitChildren(of: node)
    if isInitializer { initializers -= 1 }
    if isInterpolation { interpolations -= 1 }
    if isMessage { messages -= 1 }
    if isCode {
      bodies -= 1
      code.removeLast()
    }
  }

  /// The kinds of literal a stored initializer's constants are mutated as.
  private static let constantKinds: Set<String> = [
    "integer_literal_expr", "boolean_literal_expr", "string_literal_expr", "interpolated_string_literal_expr",
  ]

  /// The standard library's calls whose message only a crash shows.
  private static let messageCalls: Set<String> = [
    "precondition", "preconditionFailure", "assert", "assertionFailure", "fatalError",
  ]

  /// Whether `node`, a call, is one of `messageCalls`.
  static func isMessageCall(_ node: Node) -> Bool {
    // Swift 6 wraps the callee in an implicit `function_conversion_expr` (to `@Sendable`).
    guard let function = (node["fn"] as? Node).map(peeled), function["_kind"] as? String == "declref_expr",
      let decl = function["decl"] as? Node, let name = decl["base_name"] as? String
    else { return false }
    return messageCalls.contains(name) && isStandard(decl)
  }

  /// Whether a declaration reference names something of the standard library (its USR
  /// names the module `s`, or a standard type, not a module spelt with its length).
  static func isStandard(_ decl: Node) -> Bool {
    guard let usr = decl["decl_usr"] as? String, usr.hasPrefix("s:"), let next = usr.dropFirst(2).first else { return false }
    return next.isLetter
  }

  /// Mutates a literal of a stored initializer, which `inspect` never sees outside a body.
  private mutating func inspectConstant(_ node: Node, kind: String) {
    switch kind {
    case "integer_literal_expr": integer(node)
    case "boolean_literal_expr": boolean(node)
    case "string_literal_expr", "interpolated_string_literal_expr": string(node)
    default: break
    }
  }

  /// Visits every child of `node` but those under `skippedKeys`.
  private mutating func visitChildren(of node: Node) {
    for (key, value) in node where !Self.skippedKeys.contains(key) { visit(value) }
  }

  /// What to call `node` in a mutant's `declaration`, or `nil` when it names nothing.
  private func declarationName(of node: Node, kind: String) -> String? {
    let outer = declarations.last?.name
    func inside(_ name: String) -> String { outer.map { "\($0).\(name)" } ?? name }
    switch kind {
    case "struct_decl", "class_decl", "enum_decl", "protocol_decl":
      return Self.baseName(of: node).map(inside)
    case "extension_decl":
      return extendedTypeName(of: node).map(inside)
    case "func_decl", "constructor_decl", "subscript_decl":
      let base = kind == "constructor_decl" ? "init" : kind == "subscript_decl" ? "subscript" : Self.baseName(of: node) ?? "?"
      let parameters = Self.children(of: node["params"]).flatMap { Self.children(of: $0["params"]) }
      let labels = parameters.map { ($0["apiName"] as? String ?? "_") + ":" }.joined()
      return inside("\(base)(\(labels))")
    case "destructor_decl":
      return inside("deinit")
    case "var_decl":
      return Self.baseName(of: node).map(inside)
    case "pattern_binding_decl" where bodies == 0:
      // A stored property's initializer is named for its property (`Wallet.owner`).
      let patterns = Self.children(of: node["pattern_entries"]).compactMap { $0["pattern"] as? Node }
      return patterns.lazy.compactMap { Self.names(declaredIn: $0).sorted().first }.first.map(inside)
    default:
      return nil
    }
  }

  /// The name an `extension` extends, read from the source after the keyword.
  private func extendedTypeName(of node: Node) -> String? {
    guard let start = range(of: node)?.start else { return nil }
    let text = source.text(start, min(start + 200, source.bytes.count))
    guard let keyword = text.range(of: "extension") else { return nil }
    let rest = text[keyword.upperBound...].drop { $0 == " " || $0 == "\n" }
    let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    return name.isEmpty ? nil : String(name)
  }

  // MARK: Finding mutants

  /// Adds the mutants `node` stands for.
  private mutating func inspect(_ node: Node, kind: String) {
    if node["implicit"] as? Bool == true, kind != "return_stmt" { return }
    switch kind {
    case "binary_expr": binary(node)
    case "if_stmt", "while_stmt": conditions(of: node, guarding: false)
    case "guard_stmt": conditions(of: node, guarding: true)
    case "ternary_expr": ternaryCondition(of: node)
    case "defer_stmt": deferred(node)
    case "brace_stmt":
      statements(of: node)
      moves(in: node)
    case "integer_literal_expr": integer(node)
    case "boolean_literal_expr": boolean(node)
    case "string_literal_expr", "interpolated_string_literal_expr": string(node)
    case "return_stmt": returned(node)
    case "call_expr": call(node)
    case "member_ref_expr": member(node)
    default: break
    }
  }

  /// Operator swaps in `a op b`.
  private mutating func binary(_ node: Node) {
    guard let site = range(of: node), let (op, opStart) = Self.operatorOf(node) else { return }
    let operands = Self.children(of: (node["args"] as? Node)?["args"]).compactMap { $0["expr"] as? Node }
    let types = operands.map { MutantType(mangled: Self.type(of: $0)) }
    func swap(to replacement: String, kind: Mutant.Kind) {
      let pieces: [Mutant.Piece] = [
        .original(start: site.start, end: opStart), .text(replacement), .original(start: opStart + op.utf8.count, end: site.end),
      ]
      add(kind, site: site, pieces: pieces, form: .expression, effects: effects(of: node))
    }
    if let swaps = Self.relational[op] {
      for replacement in swaps { swap(to: replacement, kind: .relationalOperator) }
    } else if let replacement = Self.arithmetic[op] {
      // Only where both sides are the same number type: `+` on `String` or `Array` joins,
      // and a swapped `-` would not compile or mean anything.
      guard types.count == 2, types[0] == types[1] else { return }
      let addsOnly = op.hasPrefix("+") || op.hasPrefix("-")
      guard types[0].isNumber || (types[0] == .duration && addsOnly) else { return }
      if op.hasPrefix("%"), case .floatingPoint = types[0] { return }
      swap(to: replacement, kind: .arithmeticOperator)
    } else if op == "&&" || op == "||" {
      swap(to: op == "&&" ? "||" : "&&", kind: .logicalOperator)
    }
  }

  /// Negated conditions, and for a `guard` its condition made `true`.
  private mutating func conditions(of node: Node, guarding: Bool) {
    for condition in Self.children(of: node["conditions"]) {
      let kind = condition["_kind"] as? String ?? ""
      if kind == "boolean_literal_expr" {
        if node["_kind"] as? String == "while_stmt", let site = range(of: condition) { loopLiterals.insert(site.start) }
        continue
      }
      // `if let`, `case` and `#available` conditions are not Boolean expressions.
      guard kind.hasSuffix("_expr"), MutantType(mangled: Self.type(of: condition)) == .bool, let site = range(of: condition) else {
        continue
      }
      let effects = effects(of: condition)
      let original = Mutant.Piece.original(start: site.start, end: site.end)
      // `!(a > b)` is `a <= b`, which the relational swaps already make: one mutant, not two.
      let comparison = kind == "binary_expr" && Self.operatorOf(condition).map { Self.relational[$0.0] != nil } == true
      if !comparison {
        add(.negatedCondition, site: site, pieces: [.text("!("), original, .text(")")], form: .expression, effects: effects)
      }
      if guarding {
        add(.removedGuard, site: site, pieces: [.text("true")], form: .expression, effects: effects, at: range(of: node)?.start)
      }
      // PIT's "remove conditionals": the branch always taken, and never. A `while` made
      // `true` would only hang, which catches nothing; a `guard` made `true` is `removedGuard`.
      if !guarding, node["_kind"] as? String != "while_stmt" {
        add(.forcedCondition, site: site, pieces: [.text("true")], form: .expression, effects: effects)
      }
      add(.forcedCondition, site: site, pieces: [.text("false")], form: .expression, effects: effects)
    }
  }

  /// The condition of `a ? b : c` made `true` and `false`.
  private mutating func ternaryCondition(of node: Node) {
    guard let condition = node["cond_expr"] as? Node, MutantType(mangled: Self.type(of: condition)) == .bool,
      let site = range(of: condition), (Self.peeled(condition)["_kind"] as? String) != "boolean_literal_expr"
    else { return }
    for value in ["true", "false"] {
      add(.forcedCondition, site: site, pieces: [.text(value)], form: .expression, effects: effects(of: condition))
    }
  }

  /// A `defer` whose body no longer runs.
  private mutating func deferred(_ node: Node) {
    guard let body = Self.first("brace_stmt", in: node), let braces = range(of: body), braces.end - braces.start > 2 else { return }
    // Everything between the braces, so that the braces stay and the `defer` is empty.
    let site = (start: braces.start + 1, end: braces.end - 1)
    add(.removedDefer, site: site, pieces: [], form: .statement, effects: Mutant.Effects(), at: range(of: node)?.start)
  }

  /// Calls and assignments left out of a block; declarations always stay.
  private mutating func statements(of node: Node) {
    guard bodies > 0 else { return }
    for element in Self.children(of: node["elements"]) where element["implicit"] as? Bool != true {
      guard Self.isDroppable(element), let site = range(of: element) else { continue }
      // A call that never returns (`fatalError`) ends a `guard`'s body; without it the body falls through.
      if Self.type(of: element) == "$ss5NeverOD" { continue }
      // In an initializer, `self.x = …` may be what initializes `x`: without it the
      // initializer cannot compile (and `-typecheck` alone would not say so).
      if code.last == "constructor_decl", element["_kind"] as? String == "assign_expr", let dest = element["dest"] as? Node,
        Self.first("member_ref_expr", in: dest) != nil
      {
        continue
      }
      add(.droppedStatement, site: site, pieces: [], form: .statement, effects: Mutant.Effects())
    }
  }

  /// Whether `element`, a statement of a block, is a call or an assignment.
  static func isDroppable(_ element: Node) -> Bool {
    switch element["_kind"] as? String ?? "" {
    case "call_expr", "assign_expr": return true
    case "try_expr", "await_expr", "force_try_expr", "optional_try_expr", "optional_evaluation_expr", "unsafe_expr":
      return (element["sub_expr"] as? Node).map(isDroppable) ?? false
    case "binary_expr":
      // A compound assignment (`balance -= amount`) returns nothing.
      guard let (op, _) = operatorOf(element) else { return false }
      return op.count >= 2 && op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op)
    default: return false
    }
  }

  /// An integer literal made one more and one less.
  mutating func integer(_ node: Node) {
    guard var site = range(of: node), let value = node["value"] as? String,
      var number = Int(value.replacingOccurrences(of: "_", with: "")), number > Int.min + 1, number < Int.max - 1
    else { return }
    let type = MutantType(mangled: Self.type(of: node))
    guard type.isNumber else { return }
    // A negative literal starts at its `-`, while its `value` is written without it.
    if source.bytes[site.start] == UInt8(ascii: "-") {
      site.end = source.tokenEnd(at: site.start + 1)
      if number > 0 { number = -number }
    }
    var values = [number + 1]
    if number > 0 || type == .integer(signed: true) || type == .floatingPoint { values.append(number - 1) }
    for value in values {
      let text = value < 0 ? "(\(value))" : "\(value)"
      add(.nudgedConstant, site: site, pieces: [.text(text)], form: .expression, effects: Mutant.Effects())
    }
  }

  /// `true` and `false` swapped.
  mutating func boolean(_ node: Node) {
    guard let site = range(of: node), let value = node["value"] as? String, !loopLiterals.contains(site.start) else { return }
    add(.flippedBoolean, site: site, pieces: [.text(value == "true" ? "false" : "true")], form: .expression, effects: Mutant.Effects())
  }

  /// A returned value replaced by its type's plainest value.
  private mutating func returned(_ node: Node) {
    guard let result = node["result"] as? Node, let site = range(of: result) else { return }
    let inner = Self.peeled(result)
    let innerKind = inner["_kind"] as? String ?? ""
    // A `switch` or `if` expression may stand only where it is returned or assigned whole,
    // never inside `? :` or `!( )`.
    guard innerKind != "single_value_stmt_expr" else { return }
    let text = source.text(site.start, site.end).trimmingCharacters(in: .whitespacesAndNewlines)
    let replacement: [Mutant.Piece]
    switch MutantType(mangled: Self.type(of: result)) {
    case .bool:
      guard innerKind != "boolean_literal_expr" else { return }
      replacement = [.text("!("), .original(start: site.start, end: site.end), .text(")")]
    case .integer, .floatingPoint:
      guard text != "0" else { return }
      replacement = [.text("0")]
    case .optional:
      guard innerKind != "nil_literal_expr" else { return }
      replacement = [.text("nil")]
    case .array, .set:
      guard text != "[]" else { return }
      replacement = [.text("[]")]
    case .dictionary:
      guard text != "[:]" else { return }
      replacement = [.text("[:]")]
    case .string:
      guard text != "\"\"" else { return }
      replacement = [.text("\"\"")]
    case .duration, .other:
      return
    }
    add(.replacedReturn, site: site, pieces: replacement, form: .expression, effects: effects(of: result))
  }

  /// Records one mutant at `site`, placed at `at` when the site itself starts elsewhere.
  mutating func add(
    _ kind: Mutant.Kind, site: (start: Int, end: Int), pieces: [Mutant.Piece], form: Mutant.Form, effects: Mutant.Effects,
    at place: Int? = nil, description: String? = nil
  ) {
    let edit = Mutant.Edit(start: site.start, end: site.end, pieces: pieces, form: form, effects: effects)
    let original = source.text(site.start, site.end)
    let replacement = Mutant.render(pieces) { source.text($0, $1) }
    let (line, column) = source.place(of: place ?? site.start)
    let declaration = declarations.last
    let id = Mutant.stableID([
      fileName, kind.rawValue, declaration?.name ?? "", String(site.start - (declaration?.start ?? 0)), original, replacement,
    ])
    found.append(Mutant(
      id: id, file: fileName, kind: kind, line: line, column: column, original: original, replacement: replacement,
      declaration: declaration?.name ?? "(top level)",
      description: description ?? Self.describe(kind, original: original, replacement: replacement), edit: edit))
  }

  /// The one line a learner reads for a mutant.
  static func describe(_ kind: Mutant.Kind, original: String, replacement: String) -> String {
    let was = "`\(oneLine(original))`"
    let now = "`\(oneLine(replacement))`"
    switch kind {
    case .droppedStatement: return "\(was) is left out"
    case .removedDefer: return "the `defer` body (\(was)) never runs"
    case .removedGuard: return "the guard \(was) never exits: its condition becomes `true`"
    case .replacedReturn: return "returns \(now) instead of \(was)"
    default: return "\(was) becomes \(now)"
    }
  }

  /// `text` on one line and at most 60 characters long.
  static func oneLine(_ text: String) -> String {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    return words.count > 60 ? String(words.prefix(59)) + "…" : words
  }

  // MARK: Reading nodes

  /// The bytes `node` covers, `start..<end`, to the end of its last token; for a node
  /// without a range of its own (an implicit conversion), its children's.
  func range(of node: Node) -> (start: Int, end: Int)? {
    if let range = node["range"] as? Node {
      guard range["buffer_id"] == nil else { return nil }
    }
    if let range = node["range"] as? Node, let start = range["start"] as? Int, let last = range["end"] as? Int,
      start >= 0, last >= start, last < source.bytes.count
    {
      return (start, source.tokenEnd(at: last))
    }
    var covered: (start: Int, end: Int)?
    for (key, value) in node where key != "range" {
      for child in Self.children(of: value) {
        guard let inner = range(of: child) else { continue }
        covered = covered.map { (min($0.start, inner.start), max($0.end, inner.end)) } ?? inner
      }
    }
    return covered
  }

  /// Whether an expression site holds an `await` or a `try` that its switch must repeat.
  func effects(of node: Node) -> Mutant.Effects {
    var effects = Mutant.Effects()
    func look(_ value: Any) {
      if let list = value as? [Any] {
        list.forEach(look)
        return
      }
      guard let node = value as? Node else { return }
      switch node["_kind"] as? String {
      case "await_expr": effects.awaits = true
      case "try_expr": effects.throwing = true
      case "closure_expr": return
      default: break
      }
      for (key, child) in node where key != "range" { look(child) }
    }
    look(node)
    return effects
  }

  /// The operator of a binary expression and where its token starts.
  static func operatorOf(_ node: Node) -> (String, Int)? {
    guard let function = node["fn"] as? Node, let reference = first("declref_expr", in: function),
      let name = (reference["decl"] as? Node)?["base_name"] as? String,
      let start = ((reference["range"] as? Node)?["start"] as? Int) ?? ((function["range"] as? Node)?["start"] as? Int)
    else { return nil }
    return (name, start)
  }

  /// The expression under implicit conversions (`load_expr`, `inject_into_optional`).
  static func peeled(_ node: Node) -> Node {
    var node = node
    while node["implicit"] as? Bool == true, let inner = node["sub_expr"] as? Node { node = inner }
    return node
  }

  /// The mangled type of an expression, or "".
  static func type(of node: Node) -> String { node["type"] as? String ?? "" }

  /// The name a declaration node carries.
  static func baseName(of node: Node) -> String? {
    ((node["name"] as? Node)?["base_name"] as? Node)?["name"] as? String
  }

  /// The nodes `value` is or holds: one node, or a list of them.
  static func children(of value: Any?) -> [Node] {
    if let node = value as? Node { return [node] }
    return (value as? [Any])?.compactMap { $0 as? Node } ?? []
  }

  /// The first node of kind `kind` at or under `node`, breadth first.
  static func first(_ kind: String, in node: Node) -> Node? {
    var queue = [node]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      if next["_kind"] as? String == kind { return next }
      for (key, value) in next where key != "range" {
        if let child = value as? Node { queue.append(child) }
        if let list = value as? [Any] { queue += list.compactMap { $0 as? Node } }
      }
    }
    return nil
  }
}
