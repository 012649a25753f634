import Foundation

/// What a compiled file provides to the rest of its module and what it uses of it, as its
/// `.swiftdeps` records them (Swift's fine-grained dependencies).
///
/// The driver compiles a file again when a declaration it uses changed: appeared, went, or
/// took a new fingerprint, or, for a declaration without a fingerprint of its own, when its
/// file's interface did. `changes(from:to:)` finds those declarations between two compiles of
/// a file, and a file whose `uses` holds none of them keeps its object. An edit inside a
/// function body changes no declaration at all.
struct FileDependencies: Equatable {
  /// A declaration as the dependency graph keys it: its kind, the type it belongs to, its name.
  struct Key: Hashable {
    var kind: UInt64
    var context: String
    var name: String
  }

  /// The declarations the file provides, at the interface aspect, each with its fingerprint if it has one.
  var provides: [Key: [UInt8]?]
  /// The declarations of other files it uses.
  var uses: Set<Key>
  /// The fingerprint of the file's whole interface.
  var interface: [UInt8]?

  /// The record codes of the format (`FineGrainedDependencyFormat.h`).
  private enum Code {
    static let node: UInt64 = 2
    static let fingerprint: UInt64 = 3
    static let identifier: UInt64 = 5
  }

  /// The node kind that stands for the whole file.
  private static let sourceFileKind: UInt64 = 6

  /// The dependencies in the `.swiftdeps` file at `url`, or `nil` when it cannot be read as one.
  static func read(_ url: URL) -> FileDependencies? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? FileDependencies(swiftdeps: Array(data))
  }

  /// Reads the records of a `.swiftdeps` file: identifiers (numbered from 1; 0 is the empty
  /// string), then each node (kind, aspect, context, name, whether provided), each followed
  /// by its fingerprint when it has one.
  init(swiftdeps bytes: [UInt8]) throws(Bitstream.Malformed) {
    var stream = try Bitstream(bytes: bytes, magic: Array("DEPS".utf8))
    var identifiers = [""]
    var nodes: [(key: Key, fingerprint: [UInt8]?, provided: Bool, interface: Bool)] = []
    for record in try stream.records() {
      switch record.code {
      case Code.identifier:
        identifiers.append(String(decoding: record.blob ?? [], as: UTF8.self))
      case Code.node:
        guard record.fields.count == 5, record.fields[2] < identifiers.count, record.fields[3] < identifiers.count
        else { throw Bitstream.Malformed(reason: "a dependency node that names no identifier") }
        let key = Key(kind: record.fields[0], context: identifiers[Int(record.fields[2])], name: identifiers[Int(record.fields[3])])
        nodes.append((key, nil, record.fields[4] == 1, record.fields[1] == 0))
      case Code.fingerprint:
        guard !nodes.isEmpty else { throw Bitstream.Malformed(reason: "a fingerprint before any node") }
        nodes[nodes.count - 1].fingerprint = record.blob
      default:
        continue
      }
    }
    provides = [:]
    uses = []
    interface = nil
    for node in nodes where node.interface {
      if !node.provided {
        uses.insert(node.key)
      } else if node.key.kind == Self.sourceFileKind {
        interface = node.fingerprint
      } else {
        provides[node.key] = node.fingerprint
      }
    }
    guard interface != nil else { throw Bitstream.Malformed(reason: "a file without the fingerprint of its interface") }
  }

  /// Whether the driver would compile this file again for `changes` in another file: it uses
  /// one of them, or provides a declaration of the same key. The driver keys a declaration by
  /// its kind and name, not by its file, and each file's own code depends on the declarations
  /// it provides: a `==` that changes in one file reaches every file that declares an `==`.
  func isAffected(by changes: Set<Key>) -> Bool {
    !uses.isDisjoint(with: changes) || changes.contains { provides.keys.contains($0) }
  }

  /// The declarations a user of the file would be compiled again for, between its compile `before` and `after`.
  static func changes(from before: FileDependencies, to after: FileDependencies) -> Set<Key> {
    let interfaceChanged = before.interface != after.interface
    return Set(before.provides.keys).union(after.provides.keys).filter { key in
      guard let old = before.provides[key], let new = after.provides[key] else { return true }
      return old != new || (new == nil && interfaceChanged)
    }
  }
}
