
/// A hint ladder's last rung shows the shape of the code, never a line of it ready to paste.
///
/// `grade reveal` shows the solution once a lesson passes; a hint that already holds a line
/// of it gives the task away. The rule compares the last hint with every line of the
/// solution's copy of the files the task owns, whitespace made single spaces, and leaves out
/// lines too plain to give anything away: braces, imports, comments, a bare `return`.
enum HintLadderRule {
  /// The lines of the solution `files` (path → text) that `hint` holds whole, in file order;
  /// a line a file repeats, only where it first comes.
  static func leakedLines(in hint: String, solutionFiles files: [(path: String, text: String)]) -> [(path: String, line: Int, code: String)] {
    let hint = normalized(hint)
    var found: [(path: String, line: Int, code: String)] = []
    for (path, text) in files {
      var seen: Set<String> = []
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = normalized(String(line))
        guard !isTrivial(code), hint.contains(code), seen.insert(code).inserted else { continue }
        found.append((path, number + 1, code))
      }
    }
    return found
  }

  /// `text` with every run of white space made one space, and none at either end.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The shortest line, in characters, that can give code away: `return nil` and `} else {`
  /// are shorter and read as English in a hint.
  static let shortestTelling = 12

  /// Whether a normalized line is too plain to give anything away: blank, punctuation only
  /// (`}`, `})`, `] {`), an import, a comment or attribute alone, or shorter than `shortestTelling`.
  static func isTrivial(_ code: String) -> Bool {
    code.count < shortestTelling
      || !code.contains { $0.isLetter || $0.isNumber }
      || ["import ", "@testable import ", "//", "/*", "*", "#if", "#endif", "#else"].contains { code.hasPrefix($0) }
  }
}
