import GradeFeedback

/// A walkthrough's Markdown laid out for a terminal or a projector: headings set off,
/// paragraphs wrapped to the screen, tables aligned, code blocks indented without their
/// fences, and inline marks removed.
///
/// Only what the walkthroughs use: ATX headings, paragraphs, lists, pipe tables,
/// fenced code blocks, `code`, **bold**, *emphasis* and [links](…). Anything else shows as written.
enum TerminalMarkdown {
  /// `markdown` laid out in `style`, for a terminal `width` columns wide.
  ///
  /// A paragraph or list item is joined into one text before its inline marks are read,
  /// so a `code` span the source wraps across two lines stays one span, then wrapped to
  /// `width` again, its colour closed at each line's end and opened at the next one's.
  static func render(_ markdown: String, style: Style, width: Int = 100) -> String {
    var out: [String] = []
    var table: [[String]] = []
    // The paragraph or list item being gathered: its first line's indent, the indent of
    // the lines after it, and its text.
    var block: (first: String, rest: String, text: String)?
    var inCode = false
    func flushTable() {
      guard !table.isEmpty else { return }
      out += layOut(table, style: style)
      table = []
    }
    func flushBlock() {
      guard let current = block else { return }
      out += wrap(inline(current.text, style: style), width: width, first: current.first, rest: current.rest)
      block = nil
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        flushBlock()
        flushTable()
        inCode.toggle()
        continue
      }
      if inCode {
        out.append("    " + style.dim(line))
        continue
      }
      if trimmed.hasPrefix("|") {
        flushBlock()
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
        flushBlock()
        // Plain inside, bold around: a code span's own colour would end the heading's bold,
        // and upper-casing would break the colour codes (and the code).
        let title = inline(String(trimmed.dropFirst(level + 1)), style: Style(colored: false))
        out.append(style.bold(title))
        if level <= 2 { out.append(style.dim(String(repeating: "─", count: min(visibleWidth(title), width)))) }
        continue
      }
      if trimmed.isEmpty {
        flushBlock()
        out.append("")
        continue
      }
      let indent = String(line.prefix { $0 == " " })
      if let marker = listMarker(trimmed) {
        flushBlock()
        block = (indent, indent + String(repeating: " ", count: marker.count), trimmed)
      } else if let current = block {
        block = (current.first, current.rest, current.text + " " + trimmed)
      } else {
        block = (indent, indent, trimmed)
      }
    }
    flushBlock()
    flushTable()
    return out.joined(separator: "\n")
  }

  /// The marker that opens a list item (`- `, `* `, `12. `), or `nil`.
  static func listMarker(_ line: String) -> String? {
    if line.hasPrefix("- ") || line.hasPrefix("* ") { return String(line.prefix(2)) }
    let digits = line.prefix { $0.isNumber }
    guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
    return digits + ". "
  }

  /// `text` broken at spaces into lines of at most `width` columns (a longer word stands
  /// alone), the first indented by `first` and the others by `rest`. A colour still open at
  /// a line's end is closed there and opened again on the next line, so no line's colour
  /// leaks into what is printed beside it.
  static func wrap(_ text: String, width: Int, first: String, rest: String) -> [String] {
    var lines: [String] = []
    var line = first
    var lineWidth = first.count
    var empty = true
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      let wordWidth = visibleWidth(word)
      if !empty, lineWidth + 1 + wordWidth > width {
        lines.append(line)
        line = rest
        lineWidth = rest.count
        empty = true
      }
      line += (empty ? "" : " ") + word
      lineWidth += (empty ? 0 : 1) + wordWidth
      empty = false
    }
    lines.append(line)
    // Carry an open colour over each line break.
    var open = ""
    return lines.map { line in
      let carried = open + line
      open = openCode(at: carried)
      return open.isEmpty ? carried : carried + "\u{1B}[0m"
    }
  }

  /// The colour codes still in force at the end of `text`: every code after its last reset.
  static func openCode(at text: String) -> String {
    var open = ""
    var code = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        code.unicodeScalars.append(scalar)
        if scalar == "m" {
          inEscape = false
          open = code == "\u{1B}[0m" ? "" : open + code
        }
      } else if scalar == "\u{1B}" {
        inEscape = true
        code = "\u{1B}"
      }
    }
    return open
  }

  /// The level of an ATX heading (`## Title` is 2), or `nil`.
  static func headingLevel(_ line: String) -> Int? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
    return hashes
  }

  /// A line with `code` and **bold** in bold, *emphasis* and links as their text.
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
      } else if rest.hasPrefix("*"), let end = rest.dropFirst().firstIndex(of: "*"), end > rest.index(after: rest.startIndex),
        rest[rest.index(after: rest.startIndex)] != " ", text[text.index(before: end)] != " "
      {
        // *Emphasis*: a terminal's italics are unreliable, so the words as they are.
        out += String(rest[rest.index(after: rest.startIndex)..<end])
        index = text.index(after: end)
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
