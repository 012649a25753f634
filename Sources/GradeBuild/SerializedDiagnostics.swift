import Foundation

/// What the compiler said of a compile, read from its serialized diagnostics file (a `.dia`).
///
/// The file is the compiler's own structured record: each diagnostic's
/// severity, place, text and group are separate fields. A learner's string
/// that prints like a diagnostic (a deprecation message holding a newline and
/// a counterfeit `error:` line, say) stays inside one message field here,
/// so nothing a learner writes can add a diagnostic or change its group.
package struct SerializedDiagnostics {
  /// One diagnostic, with the notes attached to it.
  package struct Message: Equatable, Sendable {
    /// How serious it is.
    var severity: Severity
    /// The file it is in, as the compiler named it; `nil` for one with no place.
    var file: String?
    /// The line, from 1.
    var line: Int?
    /// The column, from 1.
    var column: Int?
    /// The text, without its group.
    var text: String
    /// The diagnostic group, such as `SendingRisksDataRace`.
    var group: String?
    /// The notes that follow it.
    var notes: [Message] = []
  }

  /// A diagnostic's severity, as the format numbers it.
  enum Severity: UInt64, Sendable {
    case ignored = 0, note, warning, error, fatal, remark
  }

  /// The diagnostics, in order.
  var messages: [Message]

  /// Reads a `.dia` file's bytes, or throws when they are not one.
  init(bytes: [UInt8]) throws(Bitstream.Malformed) {
    var stream = try Bitstream(bytes: bytes, magic: Array("DIAG".utf8))
    var files: [UInt64: String] = [:]
    var categories: [UInt64: String] = [:]
    var messages: [Message] = []
    // The depth of the block holding the top-level diagnostic the notes below it belong to.
    var topDepth: Int?
    for record in try stream.records() where record.block == Self.diagnosticBlock {
      switch record.code {
      case Self.fileName:
        if let id = record.fields.first, let blob = record.blob { files[id] = String(decoding: blob, as: UTF8.self) }
      case Self.category:
        // Swift names the group as the category: "SendingRisksDataRace@https://docs.swift.org/…",
        // the group, then where it is documented.
        if let id = record.fields.first, let blob = record.blob {
          categories[id] = String(decoding: blob, as: UTF8.self).split(separator: "@", maxSplits: 1).first.map(String.init)
        }
      case Self.diagnostic:
        guard record.fields.count >= 7, let blob = record.blob else { continue }
        let fields = record.fields
        let file = fields[1] == 0 ? nil : files[fields[1]]
        let message = Message(
          severity: Severity(rawValue: fields[0]) ?? .error, file: file,
          line: fields[2] == 0 ? nil : Int(clamping: fields[2]), column: fields[3] == 0 ? nil : Int(clamping: fields[3]),
          text: String(decoding: blob, as: UTF8.self), group: fields[5] == 0 ? nil : categories[fields[5]])
        if let top = topDepth, record.depth > top, !messages.isEmpty {
          messages[messages.count - 1].notes.append(message)
        } else {
          topDepth = record.depth
          messages.append(message)
        }
      default:
        continue
      }
    }
    self.messages = messages
  }

  /// Reads the `.dia` file at `url`; `nil` when it is missing or not one.
  static func read(_ url: URL) -> SerializedDiagnostics? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? SerializedDiagnostics(bytes: Array(data))
  }

  private static let diagnosticBlock: UInt64 = 9
  private static let diagnostic: UInt64 = 2
  private static let category: UInt64 = 5
  private static let fileName: UInt64 = 6
}
