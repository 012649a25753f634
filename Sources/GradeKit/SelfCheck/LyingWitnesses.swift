import Foundation

/// A copy of a solution's file in which conformances a learner could write for its types lie:
/// what `grade check` grades an implement task with, to prove its canonical tests decide by
/// means the lesson owns.
///
/// A learner's file of `Sources/` declares the types the tests compare, so it could also
/// declare how they compare. An operator (`==`, `<`) it may declare only where its task asks
/// for one (`CodeRules.operators`), and a member the compiler writes for a conformance
/// (`hash(into:)`, `allCases`, ...) likewise (`CodeRules.witnesses`). The other witnesses a
/// test reaches without naming them it may write: `description` (CustomStringConvertible) and
/// `debugDescription` (CustomDebugStringConvertible). The copy gives every type the solution
/// declares (all but private ones, which no test can name) each of those, saying the same
/// thing whatever the values: a witness the solution writes has its body replaced, the others
/// are added in an extension, with the conformance. Graded with them, the solution must still
/// pass: no test decides through them. An operator the task asks for is what the task grades:
/// made to lie, it must fail the task.
enum LyingWitnesses {
  /// One type the file declares: its name as an extension names it, how public it is, and
  /// the conformances its declaration lists.
  struct DeclaredType: Equatable {
    /// The name, with the names of the types it is nested in (`PaymentGatewayMock.ChargeCall`).
    var name: String
    /// `public ` when the type is public, so a witness of a public protocol may be; else empty.
    var access: String
    /// What the declaration's inheritance clause lists.
    var conformances: [String]
  }

  /// A witness that can be made to lie.
  struct Witness: Equatable {
    /// How its declaration starts, such as `var description: String`.
    var declaration: String
    /// The lying body, braces included.
    var body: String
    /// The member a type that does not write the witness gets, or `nil` to add none.
    var added: String?
    /// The conformance the added member is a witness of.
    var conformance: String?
  }

  /// The witnesses a learner's file may write for any type, each lying.
  static let mayWrite: [Witness] = [
    Witness(
      declaration: "var description: String", body: "{ \"lie\" }", added: "nonisolated var description: String { \"lie\" }",
      conformance: "CustomStringConvertible"),
    Witness(
      declaration: "var debugDescription: String", body: "{ \"lie\" }", added: "nonisolated var debugDescription: String { \"lie\" }",
      conformance: "CustomDebugStringConvertible"),
  ]

  /// The operator `name` a task asks for, always saying `false`.
  static func asked(_ name: String) -> Witness {
    Witness(declaration: "static func \(name) (", body: "{ false }")
  }

  /// `source` with each of `witnesses` lying, in every type it declares.
  static func lie(_ source: String, about witnesses: [Witness]) -> String {
    var text = source
    for witness in witnesses {
      var searchFrom = text.startIndex
      while let found = text.range(of: witness.declaration, range: searchFrom..<text.endIndex),
        let open = text[found.upperBound...].firstIndex(of: "{"), let close = matchingBrace(in: text, from: open)
      {
        text.replaceSubrange(open...close, with: witness.body)
        searchFrom = text.index(open, offsetBy: witness.body.count)
      }
    }
    // A type that writes its own witness had its body replaced above.
    let extensions = declaredTypes(in: source).compactMap { type in
      extensionAdding(witnesses.filter { !typeWrites($0.declaration, type, in: source) }, to: type)
    }
    return text + (extensions.isEmpty ? "" : "\n// Conformances a learner could write, lying (grade check).\n" + extensions.joined())
  }

  /// Lying witnesses, in extensions, for the types the module's other files declare (`others`):
  /// a learner's file may extend any type it can see, the lesson's own included. A type that
  /// writes a witness itself, or whose conformance any file of the module already states, is
  /// left alone: a second one would not compile, so no learner's file can add it either.
  ///
  /// A class whose inheritance clause may name a superclass (anything but a protocol the module
  /// declares or one of Swift's own) is left alone too: its superclass may write the witness
  /// already (`NSObject` does), and an extension could not override it.
  static func extensions(lying witnesses: [Witness], forTypesIn others: [String]) -> String {
    var extensions: [String] = []
    let protocols = Set(others.flatMap { source in
      source.matches(of: /protocol\s+([A-Za-z_][A-Za-z0-9_]*)/).map { String($0.output.1) }
    }).union(["Sendable", "Equatable", "Hashable", "Identifiable", "Codable", "Encodable", "Decodable", "Error", "AnyObject", "Comparable"])
    for source in others {
      for type in declaredTypes(in: source) {
        let last = type.name.split(separator: ".").last.map(String.init) ?? type.name
        let isClass = source.contains("class \(last)") && !["struct", "enum", "actor"].contains { source.contains("\($0) \(last)") }
        if isClass, !type.conformances.allSatisfy({ protocols.contains(String($0.prefix { $0 != "<" && $0 != " " })) }) { continue }
        let addable = witnesses.filter { witness in
          guard witness.added != nil, let conformance = witness.conformance else { return false }
          return !typeWrites(witness.declaration, type, in: source) && !type.conformances.contains(conformance)
            && !others.contains { $0.contains("extension \(last): \(conformance)") || $0.contains("extension \(type.name): \(conformance)") }
        }
        if let text = extensionAdding(addable, to: type) { extensions.append(text) }
      }
    }
    return extensions.isEmpty ? "" : "\n// Conformances a learner's file could write for the lesson's other types, lying (grade check).\n" + extensions.joined()
  }

  /// An extension of `type` adding the members `witnesses` add, lying, with the conformances
  /// its declaration does not list already; `nil` when they add none.
  static func extensionAdding(_ witnesses: [Witness], to type: DeclaredType) -> String? {
    let added = witnesses.compactMap { witness in witness.added.map { (member: "  \(type.access)\($0)", conformance: witness.conformance) } }
    guard !added.isEmpty else { return nil }
    let conformances = added.compactMap(\.conformance).filter { !type.conformances.contains($0) }
    let clause = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    return "extension \(type.name)\(clause) {\n" + added.map(\.member).joined(separator: "\n") + "\n}\n"
  }

  /// Whether `type`'s own body in `source` holds `witness`, directly: not in a type nested in it.
  static func typeWrites(_ witness: String, _ type: DeclaredType, in source: String) -> Bool {
    guard let body = body(of: type, in: source) else { return false }
    var depth = 0
    var index = body.startIndex
    while index < body.endIndex {
      if body[index] == "{" { depth += 1 }
      if body[index] == "}" { depth -= 1 }
      if depth == 1, body[index...].hasPrefix(witness) { return true }
      index = body.index(after: index)
    }
    return false
  }

  /// The text of `type`'s body in `source`, from its opening brace to the matching one.
  static func body(of type: DeclaredType, in source: String) -> Substring? {
    let last = type.name.split(separator: ".").last.map(String.init) ?? type.name
    for keyword in ["struct", "enum", "class", "actor"] {
      guard let found = source.range(of: "\(keyword) \(last)"), let open = source[found.upperBound...].firstIndex(of: "{"),
        let close = matchingBrace(in: source, from: open)
      else { continue }
      return source[open...close]
    }
    return nil
  }

  /// The types `source` declares, but private ones and those nested in them, outermost first.
  static func declaredTypes(in source: String) -> [DeclaredType] {
    var found: [DeclaredType] = []
    // The names of the types the text at each depth of braces is in.
    var enclosing: [(name: String?, depth: Int)] = []
    var depth = 0
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
      let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      if let index = words.firstIndex(where: { ["struct", "enum", "class", "actor"].contains($0) }), index + 1 < words.count,
        !words[..<index].contains(where: { $0.hasPrefix("@") == false && !["public", "final", "internal", "package", "indirect"].contains($0) })
      {
        let name = String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        let hidden = enclosing.contains { $0.name == nil }
        let header = code.split(separator: "{").first.map(String.init) ?? code
        let conformances = header.split(separator: ":", maxSplits: 1).dropFirst().first.map {
          $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        } ?? []
        let qualified = (enclosing.compactMap(\.name) + [name]).joined(separator: ".")
        if !hidden, !name.isEmpty, !header.contains("<") {
          found.append(DeclaredType(name: qualified, access: words[..<index].contains("public") ? "public " : "", conformances: conformances))
        }
        enclosing.append((hidden || header.contains("<") ? nil : name, depth))
      } else if let index = words.firstIndex(where: { ["struct", "enum", "class", "actor"].contains($0) }), index + 1 < words.count {
        // A private or fileprivate type: no test names it, nor anything in it.
        enclosing.append((nil, depth))
      }
      for character in code {
        if character == "{" { depth += 1 }
        if character == "}" {
          depth -= 1
          while let last = enclosing.last, last.depth >= depth { enclosing.removeLast() }
        }
      }
    }
    return found
  }

  /// The index of the brace that closes the one at `open` in `text`.
  static func matchingBrace(in text: String, from open: String.Index) -> String.Index? {
    var depth = 0
    var index = open
    while index < text.endIndex {
      if text[index] == "{" { depth += 1 }
      if text[index] == "}" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = text.index(after: index)
    }
    return nil
  }
}
