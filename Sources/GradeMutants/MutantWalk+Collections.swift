import Foundation

extension MutantWalk {
  /// The standard library's methods swapped for their mirror image: a lookup that finds
  /// some element, not the one asked for, or an end of a collection taken for the other.
  static let mirrored: [String: String] = [
    "first": "last", "last": "first", "firstIndex": "lastIndex", "lastIndex": "firstIndex",
    "min": "max", "max": "min", "prefix": "suffix", "suffix": "prefix",
    "dropFirst": "dropLast", "dropLast": "dropFirst", "removeFirst": "removeLast", "removeLast": "removeFirst",
    "hasPrefix": "hasSuffix", "hasSuffix": "hasPrefix", "contains": "allSatisfy", "allSatisfy": "contains",
    "lowercased": "uppercased", "uppercased": "lowercased",
  ]

  /// The standard library's searches whose predicate can be left out.
  static let predicated: Set<String> = ["first", "last", "firstIndex", "lastIndex", "filter", "contains"]

  /// One method call as the dump has it: `receiver.name(arguments)`.
  struct MethodCall {
    /// The method's name.
    var name: String
    /// Where the name's token starts and ends.
    var nameStart: Int, nameEnd: Int
    /// The receiver's bytes, `nil` when it is an implicit `self`.
    var receiver: (start: Int, end: Int)?
    /// The receiver's mangled type.
    var receiverType: String
    /// Whether the method is the standard library's.
    var isStandard: Bool
    /// The argument labels, `where:` for a trailing closure of `first(where:)`.
    var labels: [String]
  }

  /// Reads `node`, a `call_expr`, as a method call, or `nil` when it calls something else.
  func methodCall(_ node: Node) -> MethodCall? {
    guard let function = node["fn"] as? Node, function["_kind"] as? String == "dot_syntax_call_expr",
      let reference = function["fn"] as? Node, reference["_kind"] as? String == "declref_expr",
      let decl = reference["decl"] as? Node, let name = decl["base_name"] as? String,
      let nameStart = (reference["range"] as? Node)?["start"] as? Int, nameStart < source.bytes.count,
      let base = Self.children(of: (function["args"] as? Node)?["args"]).first?["expr"] as? Node
    else { return nil }
    let nameEnd = source.tokenEnd(at: nameStart)
    guard source.text(nameStart, nameEnd) == name else { return nil }
    let receiver = base["implicit"] as? Bool == true && Self.peeled(base)["implicit"] as? Bool == true ? nil : range(of: base)
    let labels = Self.children(of: (node["args"] as? Node)?["args"]).map { $0["label"] as? String ?? "" }
    return MethodCall(
      name: name, nameStart: nameStart, nameEnd: nameEnd, receiver: receiver.flatMap { $0.end <= nameStart ? $0 : nil },
      receiverType: Self.valueType(Self.type(of: Self.peeled(base))), isStandard: Self.isStandard(decl), labels: labels)
  }

  /// A mangled type without its `inout` or `@lvalue` mark, so a receiver compares with a result.
  static func valueType(_ mangled: String) -> String {
    mangled.hasSuffix("zD") ? String(mangled.dropLast(2)) + "D" : mangled
  }

  /// Mutants of a method call: its mirror, its predicate left out, or the call skipped.
  mutating func call(_ node: Node) {
    guard let call = methodCall(node), let site = range(of: node) else { return freeMinMax(node) }
    let effects = effects(of: node)
    func renamed(_ name: String) -> [Mutant.Piece] {
      [.original(start: site.start, end: call.nameStart), .text(name), .original(start: call.nameEnd, end: site.end)]
    }
    if call.isStandard, let mirror = Self.mirrored[call.name], let pieces = mirrorPieces(call, mirror: mirror, site: site) {
      add(.swappedMethod, site: site, pieces: pieces, form: .expression, effects: effects)
    }
    // `append(x)` becomes `insert(x, at: 0)` on an array: the new element at the other end.
    if call.isStandard, call.name == "append", call.labels.count == 1, MutantType(mangled: call.receiverType) == .array,
      source.text(site.end - 1, site.end) == ")"
    {
      add(
        .swappedMethod, site: site,
        pieces: [
          .original(start: site.start, end: call.nameStart), .text("insert"), .original(start: call.nameEnd, end: site.end - 1),
          .text(", at: 0)"),
        ], form: .expression, effects: effects)
    }
    if call.isStandard, Self.predicated.contains(call.name), call.labels.count == 1, call.labels[0] == "where" || call.name == "filter" {
      droppedPredicate(call, site: site, effects: effects)
    }
    // The receiver for the call (`items.filter { … }`, `name.lowercased()`), where the types
    // agree; a `Void` call is a statement, which `droppedStatement` leaves out already.
    if let receiver = call.receiver, Self.valueType(Self.type(of: node)) == call.receiverType, call.receiverType != "$sytD" {
      add(.skippedCall, site: site, pieces: [.original(start: site.start, end: receiver.end)], form: .expression, effects: effects)
    }
  }

  /// The call with `mirror` for its name, its arguments relabelled where the two differ,
  /// or `nil` where the mirror takes other arguments.
  private func mirrorPieces(_ call: MethodCall, mirror: String, site: (start: Int, end: Int)) -> [Mutant.Piece]? {
    let head: [Mutant.Piece] = [.original(start: site.start, end: call.nameStart), .text(mirror)]
    let rest = source.text(call.nameEnd, site.end)
    switch call.name {
    case "contains":
      // `contains(where: p)` is `allSatisfy(p)`; `contains(x)` has no mirror.
      guard call.labels == ["where"] else { return nil }
      guard rest.hasPrefix("(where:") else { return head + [.original(start: call.nameEnd, end: site.end)] }
      let argument = call.nameEnd + 7 + rest.dropFirst(7).prefix { $0 == " " }.utf8.count
      return head + [.text("("), .original(start: argument, end: site.end)]
    case "allSatisfy":
      guard rest.hasPrefix("(") else { return head + [.original(start: call.nameEnd, end: site.end)] }
      return head + [.text("(where: "), .original(start: call.nameEnd + 1, end: site.end)]
    case "prefix", "suffix":
      // `prefix(while:)` and `prefix(upTo:)` have no `suffix` twin.
      guard call.labels == [""] else { return nil }
    default: break
    }
    return head + [.original(start: call.nameEnd, end: site.end)]
  }

  /// The standard library's `min(a, b)` and `max(a, b)` swapped.
  mutating func freeMinMax(_ node: Node) {
    guard let function = (node["fn"] as? Node).map(Self.peeled), function["_kind"] as? String == "declref_expr",
      let decl = function["decl"] as? Node, let name = decl["base_name"] as? String, name == "min" || name == "max",
      Self.isStandard(decl), let start = (function["range"] as? Node)?["start"] as? Int, let site = range(of: node),
      source.text(start, source.tokenEnd(at: start)) == name
    else { return }
    let pieces: [Mutant.Piece] = [
      .original(start: site.start, end: start), .text(name == "min" ? "max" : "min"),
      .original(start: source.tokenEnd(at: start), end: site.end),
    ]
    add(.swappedMethod, site: site, pieces: pieces, form: .expression, effects: effects(of: node))
  }

  /// A search with its predicate left out: the first element, or any element at all.
  private mutating func droppedPredicate(_ call: MethodCall, site: (start: Int, end: Int), effects: Mutant.Effects) {
    let upToName = Mutant.Piece.original(start: site.start, end: call.nameStart)
    let pieces: [Mutant.Piece]
    switch call.name {
    case "first", "last": pieces = [upToName, .text(call.name)]
    case "firstIndex": pieces = [upToName, .text("indices.first")]
    case "lastIndex": pieces = [upToName, .text("indices.last")]
    case "contains":
      guard call.receiver != nil else { return }
      pieces = [.text("!"), upToName, .text("isEmpty")]
    default:
      // `filter`: the receiver itself, which `skippedCall` makes too; it counts once, as this kind.
      guard let receiver = call.receiver else { return }
      pieces = [.original(start: site.start, end: receiver.end)]
    }
    add(.droppedPredicate, site: site, pieces: pieces, form: .expression, effects: effects)
  }

  /// A property of the standard library's collections swapped for its mirror (`first` for `last`).
  mutating func member(_ node: Node) {
    guard let decl = node["decl"] as? Node, let name = decl["base_name"] as? String, name == "first" || name == "last",
      Self.isStandard(decl), let site = range(of: node), let last = (node["range"] as? Node)?["end"] as? Int,
      source.text(last, source.tokenEnd(at: last)) == name
    else { return }
    let pieces: [Mutant.Piece] = [
      .original(start: site.start, end: last), .text(Self.mirrored[name] ?? name), .original(start: source.tokenEnd(at: last), end: site.end),
    ]
    add(.swappedMethod, site: site, pieces: pieces, form: .expression, effects: effects(of: node))
  }
}
