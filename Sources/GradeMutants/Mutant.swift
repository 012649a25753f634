import Foundation
import GradeCatalog

/// One small change to a file of lesson code, made from the compiler's view of it.
///
/// A learner's tests are thorough when some test fails on each mutant, as with the
/// hand-written chaffs; a mutant no reference test kills is either equivalent to the
/// original or a gap in the reference tests. `MutantMaker` lists them and
/// `MutantSchema` compiles them all into one program behind a run-time switch.
package struct Mutant: Codable, Hashable, Sendable {
  /// A name that stays the same while the file changes elsewhere: a hash of the file,
  /// the kind, the enclosing declaration, the offset from that declaration's start and
  /// the replacement, in 12 hex digits.
  package var id: String
  /// The file's name, as the module knows it (`Account.swift`).
  package var file: String
  /// What sort of change it is.
  package var kind: Kind
  /// Where the change starts, from 1.
  package var line: Int
  /// The column, in bytes, from 1.
  var column: Int
  /// The source text the change replaces.
  var original: String
  /// What stands there instead; empty when the change leaves code out.
  var replacement: String
  /// The innermost declaration holding the change, in words (`Account.withdraw(_:)`).
  package var declaration: String
  /// The change in one line a learner understands.
  package var description: String
  /// The change itself, in bytes of the file: what `MutantSchema` puts behind its switch.
  var edit: Edit
  /// Whether the mutant is built as a program of its own, as a chaff is, instead of behind the
  /// schema's switch: only an exit test kills it, and an exit test's child process runs the
  /// program as it was built, with nothing to read that says a mutant is on. `nil` in the schema.
  package var builtAlone: Bool?

  /// Sorts of change (`MutationKind`, in GradeCatalog, where a kept mutant's change names it).
  package typealias Kind = MutationKind

  /// A change as bytes of the original file: a range and what replaces it.
  package struct Edit: Codable, Hashable, Sendable {
    /// The bytes replaced, `start..<end`.
    var start: Int
    /// Where the replaced bytes end (exclusive).
    var end: Int
    /// The replacement, made of new text and stretches of the original; the stretches let a
    /// schema put other mutants inside this one's replacement.
    var pieces: [Piece]
    /// Whether the site is a statement (the schema wraps it in `if`) or an expression
    /// (the schema wraps it in `? :`).
    var form: Form
    /// Whether the site holds an `await` or `try` that the schema must repeat in front of
    /// its `? :`, where Swift refuses them to the right of an operator.
    var effects: Effects = Effects()

    /// The bytes replaced.
    var range: Range<Int> { start..<end }
  }

  /// One part of a replacement.
  package enum Piece: Codable, Hashable, Sendable {
    /// Text written as is.
    case text(String)
    /// The original bytes `start..<end` of the file.
    case original(start: Int, end: Int)
  }

  /// How a schema switches a site.
  package enum Form: String, Codable, Hashable, Sendable {
    /// `(__gradeMutant(n) ? mutated : original)`.
    case expression
    /// `if __gradeMutant(n) { mutated } else { original }`.
    case statement
  }

  /// Effects an expression site holds.
  package struct Effects: Codable, Hashable, Sendable {
    /// It holds an `await`.
    var awaits = false
    /// It holds a `try`.
    var throwing = false
  }

  /// The file's text with this mutant alone applied.
  package func applied(to source: Data) -> String {
    var bytes = Data(source.prefix(edit.start))
    bytes.append(Data(replacementText(in: source).utf8))
    bytes.append(source.dropFirst(edit.end))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The replacement with every original stretch filled in from `source`.
  func replacementText(in source: Data) -> String {
    Self.render(edit.pieces) { start, end in String(decoding: source[start..<end], as: UTF8.self) }
  }

  /// Joins `pieces`, asking `original` for the text of each original stretch.
  static func render(_ pieces: [Piece], original: (Int, Int) -> String) -> String {
    pieces.map { piece in
      switch piece {
      case .text(let text): text
      case .original(let start, let end): original(start, end)
      }
    }.joined()
  }

  /// A short stable id: FNV-1a over `parts`, since Swift's `Hasher` is seeded per run.
  static func stableID(_ parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in parts.joined(separator: "\u{1F}").utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
  }
}
