/// One compiler error, with its path in the learner's terms.
public struct Diagnostic: Sendable, Equatable, Codable {
  /// The path the learner knows, such as `Lessons/01-expect-and-require/Sources/UserStore.swift`, or `nil` for a linker error.
  public var path: String?
  /// The line, from 1.
  public var line: Int?
  /// The column, from 1.
  public var column: Int?
  /// The compiler's message, such as `cannot find 'user' in scope`.
  public var message: String
  /// The path inside the sandbox, which says which part of the sandbox failed to build.
  var sandboxPath: String?

  /// Creates a diagnostic.
  public init(path: String?, line: Int?, column: Int?, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// `path:line:column`, or the path alone.
  public var location: String? {
    guard let path else { return nil }
    guard let line else { return path }
    return column.map { "\(path):\(line):\($0)" } ?? "\(path):\(line)"
  }

  /// Reads the errors out of `swift build` output, once each, mapping sandbox paths
  /// to the learner's with `displayPaths` (keys relative to `sandboxRoot`).
  public static func errors(inBuildOutput output: String, sandboxRoot: String, displayPaths: [String: String]) -> [Diagnostic] {
    var seen: Set<String> = []
    var result: [Diagnostic] = []
    let prefix = sandboxRoot.hasSuffix("/") ? sandboxRoot : sandboxRoot + "/"
    for rawLine in output.split(whereSeparator: \.isNewline) {
      let line = String(rawLine)
      guard let marker = line.range(of: ": error: ") ?? (line.hasPrefix("error: ") ? line.range(of: "error: ") : nil) else { continue }
      let message = String(line[marker.upperBound...])
      var diagnostic = Diagnostic(path: nil, line: nil, column: nil, message: message)
      if marker.lowerBound != line.startIndex {
        // path:line:column, where the path itself has no colons on Linux.
        let parts = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let path = parts.first, path.hasPrefix("/") else { continue }
        let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        diagnostic.path = displayPaths[relative] ?? relative
        diagnostic.sandboxPath = relative
        diagnostic.line = parts.count > 1 ? Int(parts[1]) : nil
        diagnostic.column = parts.count > 2 ? Int(parts[2]) : nil
      }
      // SwiftPM prints a summary line for a failed compile job; the real errors say more.
      if diagnostic.path == nil, message.hasPrefix("fatalError") || message.contains("emit-module command failed") { continue }
      let key = "\(diagnostic.location ?? ""):\(message)"
      if seen.insert(key).inserted { result.append(diagnostic) }
    }
    return result
  }
}
