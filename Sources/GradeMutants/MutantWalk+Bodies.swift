import Foundation

extension MutantWalk {
  /// A function's or accessor's whole body replaced by its result type's plain values,
  /// as cargo-mutants does: `return 0`, `return 1`, `return nil`, `return []`, `return ""`,
  /// `return false`, and for a function that returns nothing, no body at all.
  ///
  /// A body of one statement is left alone: `replacedReturn` or `droppedStatement` makes
  /// the same change there, and a one-expression body returns implicitly, which the
  /// schema's `if`/`else` would end.
  mutating func emptyBody(of node: Node) {
    guard let result = node["result"] as? String, let body = node["body"] as? Node, let braces = range(of: body),
      body["implicit"] as? Bool != true, braces.end - braces.start > 2
    else { return }
    let elements = Self.children(of: body["elements"])
    guard !elements.isEmpty else { return }
    if elements.count == 1, let only = elements.first, only["_kind"] as? String == "return_stmt" || Self.isDroppable(only) { return }
    let values: [String]
    if result == "$sytD" {
      values = [""]
    } else {
      switch MutantType(mangled: result) {
      case .bool: values = ["false", "true"]
      case .integer(let signed): values = signed ? ["0", "1", "-1"] : ["0", "1"]
      case .floatingPoint: values = ["0", "1"]
      case .string: values = ["\"\"", "\"xyzzy\""]
      case .optional: values = ["nil"]
      case .array, .set: values = ["[]"]
      case .dictionary: values = ["[:]"]
      case .duration: values = [".zero"]
      case .other: return
      }
    }
    // Everything between the braces, so that the braces stay.
    let site = (start: braces.start + 1, end: braces.end - 1)
    for value in values {
      add(
        .emptiedBody, site: site, pieces: value.isEmpty ? [] : [.text("return \(value)")], form: .statement,
        effects: Mutant.Effects(), at: braces.start,
        description: value.isEmpty ? "the whole body is left out" : "the whole body becomes `return \(value)`")
    }
  }
}
