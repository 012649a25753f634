/// One compiler error, with its path in the learner's terms.
public struct Diagnostic: Sendable, Equatable, Codable {
  /// The path the learner knows, such as `Lessons/01-expect-and-require/Sources/UserStore.swift`, or `nil` for a linker error.
  public var path: String?
  /// The line, from 1.
  public var line: Int?
  /// The column, from 1.
  public var column: Int?
  /// The compiler's message, such as `cannot find 'user' in scope`, without its group.
  public var message: String
  /// The diagnostic group the compiler named, such as `SendableClosureCaptures`.
  public var group: String? = nil
  /// Whether it was a warning rather than an error.
  public var isWarning = false

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

  /// Reads the errors out of `swiftc` output, once each.
  ///
  /// The grader compiles from a folder of copies, by bare file name, so an
  /// error's path is a file name that `shownAs` maps to the path the learner
  /// knows. An error inside a macro expansion is reported at a generated file;
  /// the note that follows it ("in expansion of macro 'require' here") says
  /// where the learner wrote the macro, and that is where the error is put.
  public static func errors(inCompilerOutput output: String, shownAs: [String: String], warnings: Bool = false) -> [Diagnostic] {
    let lines = output.split(whereSeparator: \.isNewline).map(String.init)
    var seen: Set<String> = []
    var result: [Diagnostic] = []
    for (index, line) in lines.enumerated() {
      var isWarning = false
      var found = line.range(of: ": error: ") ?? (line.hasPrefix("error: ") ? line.range(of: "error: ") : nil)
      if found == nil, warnings, let warning = line.range(of: ": warning: ") {
        found = warning
        isWarning = true
      }
      guard let marker = found else { continue }
      var message = String(line[marker.upperBound...])
      var group: String?
      // Swift names a diagnostic's group at the end: "... in a '@Sendable' closure [#SendableClosureCaptures]".
      if message.hasSuffix("]"), let open = message.range(of: " [#", options: .backwards) {
        group = String(message[open.upperBound..<message.index(before: message.endIndex)])
        message = String(message[..<open.lowerBound])
      }
      var diagnostic = Diagnostic(path: nil, line: nil, column: nil, message: message)
      diagnostic.group = group
      diagnostic.isWarning = isWarning
      if marker.lowerBound != line.startIndex {
        var location = parseLocation(String(line[..<marker.lowerBound]))
        if location.path.contains("swift-generated-sources") || location.path.contains("@__swiftmacro_") {
          // swiftc says "in expansion of macro 'require' here"; SwiftPM's build "expanded code originates here".
          let origin = lines[(index + 1)...].prefix(40).first {
            ($0.contains(": note: in expansion of macro") || $0.contains(": note: expanded code originates here"))
              && !$0.contains("swift-generated-sources")
          }
          if let origin, let range = origin.range(of: ": note: ") {
            location = parseLocation(String(origin[..<range.lowerBound]))
          }
        }
        let name = location.path.split(separator: "/").last.map(String.init) ?? location.path
        diagnostic.path = shownAs[location.path] ?? shownAs[name] ?? location.path
        diagnostic.line = location.line
        diagnostic.column = location.column
      }
      // The driver's summary of a failed job says less than the errors before it.
      if diagnostic.path == nil, diagnostic.message.contains("command failed") || diagnostic.message.hasPrefix("fatalError") {
        if !result.isEmpty { continue }
      }
      let key = "\(diagnostic.location ?? ""):\(diagnostic.message)"
      if seen.insert(key).inserted { result.append(diagnostic) }
    }
    return result
  }

  /// Splits `path:line:column`; the path itself has no colons on Linux.
  private static func parseLocation(_ text: String) -> (path: String, line: Int?, column: Int?) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    return (parts.first ?? text, parts.count > 1 ? Int(parts[1]) : nil, parts.count > 2 ? Int(parts[2]) : nil)
  }
}
