import Foundation

extension MutantWalk {
  /// One statement of a block: its node and its bytes.
  struct Statement {
    /// The statement's node.
    var node: Node
    /// Its bytes.
    var start: Int, end: Int
  }

  /// Statements moved within a block: into or out of a loop of the block, and a statement
  /// that holds an `await` swapped with its neighbour.
  ///
  /// Every move rewrites the block whole, from its first statement to its last, so that all
  /// of a block's moves share one site of the schema, and the sites inside it (a dropped
  /// statement, an operator) stay inside it whichever way the block is rearranged.
  mutating func moves(in block: Node) {
    let statements = Self.children(of: block["elements"]).compactMap { element -> Statement? in
      // A `let` shows as its binding and each variable; the binding covers them.
      guard element["implicit"] as? Bool != true, element["_kind"] as? String != "var_decl", let covered = range(of: element) else {
        return nil
      }
      return Statement(node: element, start: covered.start, end: covered.end)
    }
    guard let first = statements.first, let last = statements.last else { return }
    let site = (start: first.start, end: last.end)
    for (index, statement) in statements.enumerated() where Self.loopKinds.contains(statement.node["_kind"] as? String ?? "") {
      loopMoves(statements, loop: index, site: site)
    }
    guard statements.count > 1 else { return }
    for index in statements.indices where effects(of: statements[index].node).awaits {
      for other in [index - 1, index + 1] where statements.indices.contains(other) {
        let (earlier, later) = (min(index, other), max(index, other))
        // A swap that puts a use before its declaration never compiles; one that puts a
        // `return` first only leaves the other out, as `droppedStatement` does.
        // A local that starts from a plain value (`var retries = 0`) can stand on either
        // side of an `await`: that swap is always equivalent.
        guard !Self.isExit(statements[later].node), !Self.isExit(statements[earlier].node), !Self.isPlainLocal(statements[other].node),
          Self.names(declaredIn: statements[earlier].node).isDisjoint(with: Self.names(referencedIn: statements[later].node))
        else { continue }
        // Each swap once: from the statement that awaits, or from the earlier of two that do.
        if other < index, effects(of: statements[other].node).awaits { continue }
        var order = Array(statements.indices)
        order.swapAt(earlier, later)
        let rewritten = arranged(statements, order: order.map { [.original(start: statements[$0].start, end: statements[$0].end)] })
        add(
          .movedAwait, site: site, pieces: rewritten, form: .statement, effects: Mutant.Effects(), at: statements[earlier].start,
          description: "`\(Self.oneLine(source.text(statements[later].start, statements[later].end)))` now runs before "
            + "`\(Self.oneLine(source.text(statements[earlier].start, statements[earlier].end)))`")
      }
    }
  }

  /// The statements of a loop kind.
  static let loopKinds: Set<String> = ["for_each_stmt", "while_stmt", "repeat_while_stmt"]

  /// Moves around the loop `statements[loop]`: each of its body's calls and assignments
  /// out of it (after it, and before it), and its neighbours into it.
  private mutating func loopMoves(_ statements: [Statement], loop: Int, site: (start: Int, end: Int)) {
    let node = statements[loop].node
    guard let body = node["body"] as? Node, let braces = range(of: body) else { return }
    let inner = Self.children(of: body["elements"]).filter { $0["implicit"] as? Bool != true && Self.isDroppable($0) }
    // What the loop binds each time round: a statement that reads it cannot leave the loop.
    var bound = Self.names(declaredIn: node["pattern"] as? Node ?? [:])
    for element in Self.children(of: body["elements"]) { bound.formUnion(Self.names(declaredIn: element)) }
    let loopText = (start: statements[loop].start, end: statements[loop].end)
    for element in inner {
      guard let moved = range(of: element), Self.names(referencedIn: element).isDisjoint(with: bound) else { continue }
      let movedText = Self.oneLine(source.text(moved.start, moved.end))
      let without: [Mutant.Piece] = [
        .original(start: loopText.start, end: moved.start), .original(start: moved.end, end: loopText.end),
      ]
      let statement: [Mutant.Piece] = [.original(start: moved.start, end: moved.end)]
      var after = statements.indices.map { [Mutant.Piece.original(start: statements[$0].start, end: statements[$0].end)] }
      after[loop] = without + [.text("\n")] + statement
      add(
        .movedStatement, site: site, pieces: arranged(statements, order: after), form: .statement, effects: Mutant.Effects(),
        at: moved.start, description: "`\(movedText)` is moved out of the loop, after it")
      var before = statements.indices.map { [Mutant.Piece.original(start: statements[$0].start, end: statements[$0].end)] }
      before[loop] = statement + [.text("\n")] + without
      add(
        .movedStatement, site: site, pieces: arranged(statements, order: before), form: .statement, effects: Mutant.Effects(),
        at: moved.start, description: "`\(movedText)` is moved out of the loop, before it")
    }
    // A neighbour that is a call or an assignment, moved in: the one before to the body's
    // start, the one after to its end (a completion called once per element, or never).
    for (neighbour, atEnd) in [(loop - 1, false), (loop + 1, true)] where statements.indices.contains(neighbour) {
      let other = statements[neighbour]
      guard Self.isDroppable(other.node) else { continue }
      let otherPiece = Mutant.Piece.original(start: other.start, end: other.end)
      let split = atEnd ? braces.end - 1 : braces.start + 1
      var order = statements.indices.map { [Mutant.Piece.original(start: statements[$0].start, end: statements[$0].end)] }
      order[loop] = [.original(start: loopText.start, end: split), .text("\n"), otherPiece, .text("\n"), .original(start: split, end: loopText.end)]
      order[neighbour] = []
      add(
        .movedStatement, site: site, pieces: arranged(statements, order: order), form: .statement, effects: Mutant.Effects(),
        at: other.start,
        description: "`\(Self.oneLine(source.text(other.start, other.end)))` is moved into the loop, at its \(atEnd ? "end" : "start")")
    }
  }

  /// The block rewritten with `order[i]` standing where statement `i` stood, the bytes
  /// between statements kept; an empty entry leaves its place out.
  private func arranged(_ statements: [Statement], order: [[Mutant.Piece]]) -> [Mutant.Piece] {
    var pieces: [Mutant.Piece] = []
    for index in statements.indices {
      if index > 0 { pieces.append(.original(start: statements[index - 1].end, end: statements[index].start)) }
      pieces += order[index]
    }
    return pieces
  }

  /// Whether `node` declares locals from literals alone (`var retries = 0`): a local that
  /// reads anything (`let before = balance`) may read it on the wrong side of an `await`.
  static func isPlainLocal(_ node: Node) -> Bool {
    guard node["_kind"] as? String == "pattern_binding_decl" else { return false }
    var plain = true
    walk(node) { child in
      let kind = child["_kind"] as? String ?? ""
      if kind.hasSuffix("_expr"), !literalKinds.contains(kind) { plain = false }
    }
    return plain
  }

  /// The expressions a literal is made of.
  static let literalKinds: Set<String> = [
    "integer_literal_expr", "float_literal_expr", "boolean_literal_expr", "string_literal_expr", "nil_literal_expr",
    "array_expr", "dictionary_expr", "tuple_expr", "paren_expr", "inject_into_optional", "erasure_expr",
  ]

  /// Whether `node` is a `return` or `throw`.
  static func isExit(_ node: Node) -> Bool {
    ["return_stmt", "throw_stmt"].contains(node["_kind"] as? String ?? "")
  }

  /// The names `node` declares, at any depth (`let`, `var`, a loop's or a closure's pattern).
  static func names(declaredIn node: Node) -> Set<String> {
    var names: Set<String> = []
    walk(node) { child in
      if child["_kind"] as? String == "pattern_named", let name = ((child["name"] as? Node)?["base_name"] as? Node)?["name"] as? String {
        names.insert(name)
      }
    }
    return names
  }

  /// The names `node` reads, at any depth.
  static func names(referencedIn node: Node) -> Set<String> {
    var names: Set<String> = []
    walk(node) { child in
      if child["_kind"] as? String == "declref_expr", let name = (child["decl"] as? Node)?["base_name"] as? String { names.insert(name) }
    }
    return names
  }

  /// Calls `visit` on `node` and every node under it.
  static func walk(_ node: Node, _ visit: (Node) -> Void) {
    visit(node)
    for (key, value) in node where key != "range" {
      for child in children(of: value) { walk(child, visit) }
    }
  }
}
