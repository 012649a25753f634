/// One compiler error or warning, with its path in the learner's terms.
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

  private enum CodingKeys: String, CodingKey {
    case path, line, column, message, group, isWarning
  }
}
