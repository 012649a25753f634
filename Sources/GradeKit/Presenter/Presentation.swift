/// A lesson walked through step by step for a workshop: one walkthrough section a step.
public struct Presentation: Sendable, Equatable {
  /// One step: a section of the walkthrough.
  public struct Step: Sendable, Equatable {
    /// The section's heading, without the `#` marks.
    public var title: String
    /// The section's text, heading included.
    public var body: String
  }

  /// The steps in order.
  public var steps: [Step]
  /// Whether steps show their Markdown as written (`--plain`), rather than laid out for a terminal.
  public var plain = false

  /// Splits a walkthrough at its `##` and `###` headings; text before the first is the title step.
  /// Headings inside code blocks are not headings.
  public init(markdown: String) {
    var steps: [Step] = []
    var title = "Introduction"
    var lines: [String] = []
    var inCode = false
    func flush() {
      let body = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
      if !body.isEmpty { steps.append(Step(title: title, body: body)) }
      lines = []
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") { inCode.toggle() }
      if !inCode, line.hasPrefix("## ") || line.hasPrefix("### ") {
        flush()
        title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      } else if !inCode, line.hasPrefix("# "), steps.isEmpty, lines.isEmpty {
        title = String(line.dropFirst(2))
      }
      lines.append(line)
    }
    flush()
    self.steps = steps
  }

  /// The text of step `index` (from 0) with a header saying where the presenter is.
  public func render(step index: Int, lesson: Lesson, style: Style) -> String {
    let step = steps[index]
    let header = style.bold("Lesson \(lesson.number) · step \(index + 1) of \(steps.count) · \(step.title)")
    return header + "\n\n" + (plain ? step.body : TerminalMarkdown.render(step.body, style: style)) + "\n"
  }

  /// What the presenter can type between steps.
  public static let keys = "[Enter] next · b back · <number> go to step · r grade the lesson · s <task> show a task's solution · q quit"
}
