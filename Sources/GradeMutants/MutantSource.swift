import Foundation

/// A file's bytes, read the way the compiler's byte ranges need.
///
/// The compiler's JSON dump gives each node a range whose `end` is where its *last token*
/// starts, not where it ends, so finding the end means reading that one token.
package struct MutantSource: Sendable {
  /// The file as written.
  var bytes: Data

  /// Where each line starts, for turning offsets into lines and columns.
  private let lineStarts: [Int]

  /// Reads `bytes`.
  init(_ bytes: Data) {
    self.bytes = Data(bytes)
    var starts = [0]
    for (index, byte) in self.bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    lineStarts = starts
  }

  /// The text of `start..<end`.
  func text(_ start: Int, _ end: Int) -> String {
    guard start >= 0, start <= end, end <= bytes.count else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The line and column of `offset`, both from 1.
  func place(of offset: Int) -> (line: Int, column: Int) {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - lineStarts[low] + 1)
  }

  /// The offset of line `line` and column `column` (both from 1).
  func offset(line: Int, column: Int) -> Int? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    return lineStarts[line - 1] + column - 1
  }

  /// Where the token that starts at `offset` ends.
  func tokenEnd(at offset: Int) -> Int {
    guard offset >= 0, offset < bytes.count else { return offset }
    let first = bytes[offset]
    if first == UInt8(ascii: "\"") { return stringEnd(at: offset) }
    if first == UInt8(ascii: "`") {
      var index = offset + 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "`") { index += 1 }
      return min(index + 1, bytes.count)
    }
    if Self.isWordByte(first) || first == UInt8(ascii: "#") || first == UInt8(ascii: "@") || first == UInt8(ascii: "$") {
      var index = offset + 1
      let number = first >= 0x30 && first <= 0x39
      while index < bytes.count {
        let byte = bytes[index]
        // A number's `.` belongs to it only when a digit follows (`1.5`, not `1.description`).
        if number, byte == UInt8(ascii: "."), index + 1 < bytes.count, bytes[index + 1] >= 0x30, bytes[index + 1] <= 0x39 {
          index += 2
          continue
        }
        guard Self.isWordByte(byte) else { break }
        index += 1
      }
      return index
    }
    if Self.operatorBytes.contains(first) {
      var index = offset + 1
      while index < bytes.count, Self.operatorBytes.contains(bytes[index]) { index += 1 }
      return index
    }
    return offset + 1
  }

  /// Where the string literal that starts at `offset` ends, interpolations included.
  private func stringEnd(at offset: Int) -> Int {
    let quote = UInt8(ascii: "\"")
    if offset + 2 < bytes.count, bytes[offset + 1] == quote, bytes[offset + 2] == quote {
      var index = offset + 3
      while index + 2 < bytes.count {
        if bytes[index] == quote, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
        index += 1
      }
      return bytes.count
    }
    var index = offset + 1
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if depth == 0 {
        if byte == UInt8(ascii: "\\") {
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") { depth = 1 }
          index += 2
          continue
        }
        if byte == quote { return index + 1 }
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
      }
      index += 1
    }
    return bytes.count
  }

  /// Letters, digits, `_` and every byte of a non-ASCII character.
  static func isWordByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
  }

  /// The bytes Swift builds operators from.
  static let operatorBytes: Set<UInt8> = Set("/=-+!*%<>&|^~?.".utf8)
}
