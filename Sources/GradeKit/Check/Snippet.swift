import Foundation

/// A ```` ```swift ```` block of a walkthrough, which must compile on its own.
public struct Snippet: Sendable, Equatable {
  /// The line of the opening fence, from 1.
  public var line: Int
  /// The code between the fences.
  public var code: String

  /// Creates a snippet.
  public init(line: Int, code: String) {
    self.line = line
    self.code = code
  }

  /// Every block whose info string starts with `swift` in a Markdown text.
  public static func extract(fromMarkdown text: String) -> [Snippet] {
    var snippets: [Snippet] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var open = current {
        if trimmed.hasPrefix("```") {
          snippets.append(Snippet(line: open.line, code: open.lines.joined(separator: "\n")))
          current = nil
        } else {
          open.lines.append(String(line))
          current = open
        }
      } else if trimmed.hasPrefix("```") {
        let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
        if info == "swift" || info.hasPrefix("swift ") {
          current = (index + 1, [])
        } else {
          // Another language: skip to its closing fence by treating it as a block we drop.
          current = (-1, [])
        }
      }
    }
    return snippets.filter { $0.line > 0 }
  }

  /// The file the compiler sees: the snippet, with the lesson's module and
  /// Swift Testing imported when the snippet imports nothing itself.
  public func source(module: String) -> String {
    let importsSomething = code.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") || $0.contains("@testable import ") }
    return importsSomething ? code + "\n" : "import Testing\n@testable import \(module)\n\n" + code + "\n"
  }
}
