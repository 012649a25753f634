
/// Terminal colour, on or off.
public struct Style: Sendable {
  /// Whether to emit ANSI colour codes.
  public var colored: Bool

  /// Creates a style.
  public init(colored: Bool) {
    self.colored = colored
  }

  func green(_ text: String) -> String { paint(text, "32") }
  func red(_ text: String) -> String { paint(text, "31") }
  package func yellow(_ text: String) -> String { paint(text, "33") }
  package func bold(_ text: String) -> String { paint(text, "1") }
  package func dim(_ text: String) -> String { paint(text, "2") }

  private func paint(_ text: String, _ code: String) -> String {
    colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
