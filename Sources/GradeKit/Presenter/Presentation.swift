import GradeCatalog
import GradeFeedback

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
  public func render(step index: Int, lesson: Lesson, style: Style, width: Int = 100) -> String {
    header(step: index, lesson: lesson, style: style) + "\n\n" + body(step: index, style: style, width: width).joined(separator: "\n") + "\n"
  }

  /// Step `index` (from 0) in screens of at most `height` rows of a terminal `width` columns
  /// wide, each with the header and room below it for the keys and the presenter's answer.
  ///
  /// A screen ends at a blank line where one comes near its end, so a code block or a
  /// paragraph is cut only when it is longer than the room there is.
  public func pages(step index: Int, lesson: Lesson, style: Style, width: Int = 100, height: Int = Presentation.projectorHeight) -> [String] {
    // The header and a blank line above; the keys and the presenter's answer below.
    let room = max(height - 4, 5)
    var lines = body(step: index, style: style, width: width)[...]
    var chunks: [[String]] = []
    while !lines.isEmpty {
      while lines.first == "" { lines.removeFirst() }
      guard !lines.isEmpty else { break }
      // How many lines fit, counting a line longer than the screen as the rows it takes.
      var fit = 0
      var rows = 0
      for line in lines {
        let taken = max(1, (TerminalMarkdown.visibleWidth(line) + width - 1) / width)
        if rows + taken > room { break }
        rows += taken
        fit += 1
      }
      fit = max(fit, 1)
      if fit < lines.count {
        let start = lines.startIndex
        let end = start + fit
        if let blank = lines[(start + fit / 2)..<end].lastIndex(of: "") { fit = blank - start }
      }
      let chunk = Array(lines.prefix(fit))
      chunks.append(chunk.reversed().drop { $0.isEmpty }.reversed())
      lines = lines.dropFirst(fit)
    }
    if chunks.isEmpty { chunks = [[]] }
    return chunks.enumerated().map { number, chunk in
      header(step: index, lesson: lesson, style: style, page: chunks.count > 1 ? (number + 1, chunks.count) : nil) + "\n\n" + chunk.joined(separator: "\n")
    }
  }

  /// The line that says where the presenter is.
  func header(step index: Int, lesson: Lesson, style: Style, page: (number: Int, count: Int)? = nil) -> String {
    let place = page.map { " · page \($0.number) of \($0.count)" } ?? ""
    let title = TerminalMarkdown.inline(steps[index].title, style: Style(colored: false))
    return style.bold("Lesson \(lesson.number) · step \(index + 1) of \(steps.count)\(place) · \(title)")
  }

  /// The lines of step `index`, as written or laid out.
  func body(step index: Int, style: Style, width: Int) -> [String] {
    let text = plain ? steps[index].body : TerminalMarkdown.render(steps[index].body, style: style, width: width)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The rows a projector shows at a workshop: what a step is paged to when the terminal does not say.
  public static let projectorHeight = 40

  /// What the presenter can type between steps: one line of a 100-column terminal.
  public static let keys = "[Enter] next · b back · <number> go to step · r grade the lesson · s <task> its solution · q quit"

  /// The keys while the step has more screens to show.
  public static let keysWithMore = keys.replacingOccurrences(of: "[Enter] next", with: "[Enter] more")
}
