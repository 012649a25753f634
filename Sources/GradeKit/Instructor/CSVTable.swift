import Foundation

/// A CSV file read as RFC 4180 says: a header row, then rows of the same width.
///
/// Quoted fields may hold separators, doubled quotes and line breaks; a byte-order
/// mark, as spreadsheets write one, is dropped. The separator is `,` or, as Excel
/// writes CSV in most European locales and Canvas and Moodle both import, `;`.
struct CSVTable: Sendable, Equatable {
  /// The header's column names, trimmed.
  var columns: [String]
  /// Each row after the header, with its line number in the file for messages.
  var rows: [(line: Int, fields: [String])]

  static func == (left: CSVTable, right: CSVTable) -> Bool {
    left.columns == right.columns && left.rows.elementsEqual(right.rows) { $0.line == $1.line && $0.fields == $1.fields }
  }

  /// Why a file is not a table.
  struct Malformed: Error, Equatable {
    var line: Int
    var reason: String
  }

  /// The separator `text` is written with: `;` when its header row holds more `;` than `,` outside
  /// quotes (Canvas's gradebook importer decides the same way, from the first lines), else `,`.
  static func separator(of text: String) -> Character {
    var quoted = false
    var counts: [Character: Int] = [:]
    for character in text {
      if character == "\"" { quoted.toggle() }
      if !quoted && character.isNewline { break }
      if !quoted && (character == "," || character == ";") { counts[character, default: 0] += 1 }
    }
    return counts[";", default: 0] > counts[",", default: 0] ? ";" : ","
  }

  /// Parses `text`, fields separated by `separator` (by default the one `separator(of:)` finds),
  /// or says at which line it stops being CSV.
  init(parsing text: String, separator: Character? = nil) throws(Malformed) {
    let separator = separator ?? Self.separator(of: text)
    var records: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var afterQuote = false
    var line = 1
    var recordLine = 1
    var characters = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
    func endRecord() {
      fields.append(field)
      // A blank line is no record.
      if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
      fields = []
      field = ""
    }
    while let character = characters.popFirst() {
      if quoted {
        if character == "\"" {
          if characters.first == "\"" {
            field.append("\"")
            characters.removeFirst()
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          field.append(character)
        }
        continue
      }
      switch character {
      case separator:
        fields.append(field)
        field = ""
        afterQuote = false
      case "\n", "\r\n", "\r":
        endRecord()
        afterQuote = false
        line += 1
        recordLine = line
      case "\"":
        guard field.isEmpty, !afterQuote else { throw Malformed(line: line, reason: "a quote inside an unquoted field") }
        quoted = true
      default:
        guard !afterQuote else { throw Malformed(line: line, reason: "text after a closing quote") }
        field.append(character)
      }
    }
    if quoted { throw Malformed(line: recordLine, reason: "a quoted field that never ends") }
    if !field.isEmpty || !fields.isEmpty { endRecord() }
    guard let header = records.first else { throw Malformed(line: 1, reason: "no header row") }
    columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    rows = Array(records.dropFirst())
    for row in rows where row.fields.count != columns.count {
      throw Malformed(line: row.line, reason: "\(row.fields.count) fields where the header has \(columns.count)")
    }
  }
}
