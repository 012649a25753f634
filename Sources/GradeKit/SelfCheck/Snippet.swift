import Foundation
import GradeCatalog

/// A ```` ```swift ```` block of a walkthrough, which must compile on its own.
public struct Snippet: Sendable, Equatable {
  /// The settings a block is compiled with.
  public enum Mode: String, Sendable, Hashable, CustomStringConvertible {
    /// The lesson's own settings (`swift`).
    case lesson
    /// Swift's defaults: no default isolation, no upcoming features.
    case swiftDefaults
    /// Xcode 26's for a new app: default `MainActor` isolation and `NonisolatedNonsendingByDefault`.
    case approachable

    public var description: String { rawValue }

    /// The mode in words, for a breach.
    var words: String {
      switch self {
      case .lesson: "with the lesson's settings"
      case .swiftDefaults: "with Swift's default settings"
      case .approachable: "with Xcode 26's default MainActor isolation and NonisolatedNonsendingByDefault"
      }
    }

    /// The flags the lesson's module and the block are compiled with in this mode.
    func flags(lesson: Lesson) -> [String] {
      switch self {
      case .lesson: lesson.moduleFlags
      case .swiftDefaults: []
      case .approachable: ["-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
      }
    }
  }

  /// The line of the opening fence, from 1.
  public var line: Int
  /// The code between the fences.
  public var code: String
  /// The settings it compiles with: ```` ```swift ```` the lesson's own; ```` ```swift both-modes ````
  /// Swift's defaults and Xcode 26's, for a block whose meaning depends on them.
  public var modes: [Mode] = [.lesson]

  /// Creates a snippet.
  public init(line: Int, code: String, modes: [Mode] = [.lesson]) {
    self.line = line
    self.code = code
    self.modes = modes
  }

  /// Every block whose info string starts with `swift` in a Markdown text.
  public static func extract(fromMarkdown text: String) -> [Snippet] {
    var snippets: [Snippet] = []
    var current: (line: Int, lines: [String], modes: [Mode])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var open = current {
        if trimmed.hasPrefix("```") {
          snippets.append(Snippet(line: open.line, code: open.lines.joined(separator: "\n"), modes: open.modes))
          current = nil
        } else {
          open.lines.append(String(line))
          current = open
        }
      } else if trimmed.hasPrefix("```") {
        let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
        if info == "swift" || info.hasPrefix("swift ") {
          let words = info.split(separator: " ").dropFirst()
          current = (index + 1, [], words.contains("both-modes") ? [.swiftDefaults, .approachable] : [.lesson])
        } else {
          // Another language: skip to its closing fence by treating it as a block we drop.
          current = (-1, [], [])
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
