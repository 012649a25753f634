/// A walkthrough's Markdown laid out for a terminal or a projector: headings set off,
/// tables aligned, code blocks indented without their fences, and inline marks removed.
///
/// Only what the walkthroughs use: ATX headings, paragraphs, lists, pipe tables,
/// fenced code blocks, `code`, **bold** and [links](…). Anything else shows as written.
enum TerminalMarkdown {
  /// `markdown` laid out in `style`, for a terminal `width` columns wide.
  static func render(_ markdown: String, style: Style, width: Int = 100) -> String {
    var out: [String] = []
    var table: [[String]] = []
    var inCode = false
    func flushTable() {
      guard !table.isEmpty else { return }
      out += layOut(table, style: style)
      table = []
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        flushTable()
        inCode.toggle()
        continue
      }
      if inCode {
        out.append("    " + style.dim(line))
        continue
      }
      if trimmed.hasPrefix("|") {
        let cells = trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false).map {
          inline($0.trimmingCharacters(in: .whitespaces), style: style)
        }
        let row = cells.last == "" ? Array(cells.dropLast()) : cells
        // The line under a table's header row is only for Markdown.
        if !row.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) { table.append(row) }
        continue
      }
      flushTable()
      if let level = headingLevel(trimmed) {
        let title = inline(String(trimmed.dropFirst(level + 1)), style: style)
        out.append(style.bold(level <= 2 ? title.uppercased() : title))
        if level <= 2 { out.append(style.dim(String(repeating: "─", count: min(title.count, width)))) }
        continue
      }
      out.append(inline(line, style: style))
    }
    flushTable()
    return out.joined(separator: "\n")
  }

  /// The level of an ATX heading (`## Title` is 2), or `nil`.
  static func headingLevel(_ line: String) -> Int? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
    return hashes
  }

  /// A line with `code` shown plainly (dim), **bold** in bold, and links as their text.
  static func inline(_ text: String, style: Style) -> String {
    var out = ""
    var index = text.startIndex
    while index < text.endIndex {
      let rest = text[index...]
      if rest.hasPrefix("`"), let end = rest.dropFirst().firstIndex(of: "`") {
        out += style.bold(String(rest[rest.index(after: rest.startIndex)..<end]))
        index = text.index(after: end)
      } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
        out += style.bold(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]))
        index = end.upperBound
      } else if rest.hasPrefix("["), let close = rest.firstIndex(of: "]"), text.index(after: close) < text.endIndex,
        text[text.index(after: close)] == "(", let end = text[close...].firstIndex(of: ")")
      {
        out += String(rest[rest.index(after: rest.startIndex)..<close])
        index = text.index(after: end)
      } else {
        out.append(text[index])
        index = text.index(after: index)
      }
    }
    return out
  }

  /// Rows of cells in aligned columns, the first row (the header) in bold.
  static func layOut(_ rows: [[String]], style: Style) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? visibleWidth($0[column]) : 0 }.max() ?? 0 }
    return rows.enumerated().map { number, row in
      let cells = (0..<columns).map { column -> String in
        let cell = column < row.count ? row[column] : ""
        return cell + String(repeating: " ", count: widths[column] - visibleWidth(cell))
      }
      let line = "  " + cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
      return number == 0 ? style.bold(line) : line
    }
  }

  /// How many columns `text` takes, leaving out colour codes.
  static func visibleWidth(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        width += 1
      }
    }
    return width
  }
}
