
/// One cell of a CSV file the grader writes, as a spreadsheet or an LMS will read it.
///
/// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula
/// (OWASP, "CSV Injection"), and so does one that starts with the full-width
/// `＝` `＋` `－` `＠`, which spreadsheets in East Asian locales take for the same
/// signs. A spreadsheet that splits on `;` where the file was written with `,`
/// (Excel in most European locales) or on `,` where it was written with `;` can
/// also make a new cell start in the middle of one, so every piece of a cell after
/// a `,` or `;` is looked at too, as is a piece after leading spaces.
enum CSVCell {
  /// The signs a spreadsheet reads as the start of a formula.
  static let formulaSigns: Set<Character> = ["=", "+", "-", "@", "＝", "＋", "－", "＠"]

  /// The characters a spreadsheet may split a line on.
  static let separators: Set<Character> = [",", ";"]

  /// Whether some piece of `text` could be run as a formula by a spreadsheet: its start, or a
  /// start after a separator, spaces skipped. A number (`-2`, `3.5`) and a lone `-` are data.
  static func couldRunAsFormula(_ text: String) -> Bool {
    !formulaStarts(in: flattened(text)).isEmpty
  }

  /// `text` with a `'` before every sign that could start a formula, which spreadsheets show as
  /// text, and line breaks and tabs as spaces.
  static func defused(_ text: String) -> String {
    var characters = Array(flattened(text))
    for index in formulaStarts(in: String(characters)).reversed() { characters.insert("'", at: index) }
    return String(characters)
  }

  /// `text` as a field of a file separated by `separator`: quoted when it holds a separator of either
  /// kind, a quote or a line break, so no spreadsheet splits it whichever separator it assumes.
  static func quoted(_ text: String, separator: Character = ",") -> String {
    guard text.contains(where: { separators.contains($0) || $0 == separator || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A cell of data the grader made or a learner wrote: defused, then quoted.
  static func field(_ text: String) -> String {
    quoted(defused(text))
  }

  /// Line breaks and tabs as spaces: a tab is itself a formula start and a separator.
  private static func flattened(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }

  /// Whether `text` is a number as gradebooks write one, or a lone `-`.
  private static func isNumber(_ text: Substring) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed == "-" { return true }
    let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && digits.first != "."
  }

  /// The offsets of every character that starts a formula: the first non-space character of the
  /// cell and of every piece after a separator, when it is a formula sign.
  private static func formulaStarts(in text: String) -> [Int] {
    let characters = Array(text)
    var starts: [Int] = []
    var pieceStart = 0
    var index = 0
    while index <= characters.count {
      if index == characters.count || separators.contains(characters[index]) {
        let piece = characters[pieceStart..<index]
        if let first = piece.firstIndex(where: { !$0.isWhitespace }), formulaSigns.contains(characters[first]),
          !isNumber(Substring(String(piece)))
        {
          starts.append(first)
        }
        pieceStart = index + 1
      }
      index += 1
    }
    return starts
  }
}
