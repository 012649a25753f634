
/// One cell of a CSV file the grader writes, as a spreadsheet or an LMS will read it: the one
/// rule for every CSV file the grader writes.
///
/// A spreadsheet runs a cell as a formula by what its first character is (OWASP, "CSV
/// Injection"), and a cell can have more than one start: a spreadsheet told to split on another
/// separator (`;` in most European locales, a tab, a `|`, a space) starts a new cell after it,
/// and one that drops invisible characters (format characters such as U+200B, or a byte-order
/// mark) starts it after them. So every character that follows anything but a letter, a digit,
/// a `'`, `_` or `.` is a start, and a start must be one of the characters a cell may start with as written
/// (`mayStart`): letters, digits, a plain space and the punctuation listed there. Nothing else
/// may start a cell, whatever it is: a formula sign in any script, a symbol, whitespace other
/// than a space, or an invisible character. A whole cell that is a number, or Moodle's `-` for
/// no grade, is data.
enum CSVCell {
  /// The punctuation a cell, or a piece of one after a separator, may start with as written.
  static let punctuationThatMayStart: Set<Character> = [
    " ", "'", "\"", "(", ")", "[", "]", "{", "}", "<", ">", ".", ",", ";", ":", "!", "?", "/", "\\", "#", "%", "&", "*", "_", "~", "^", "$", "|", "`",
  ]

  /// The characters a spreadsheet may split a cell on, which `quoted(_:)` keeps inside quotes.
  static let separators: Set<Character> = [",", ";"]

  /// Whether `character` may start a cell, or a piece of one, as written.
  static func mayStart(_ character: Character) -> Bool {
    character.isLetter || isDigit(character) || punctuationThatMayStart.contains(character)
  }

  /// Whether `character` may stand before a start without making a start itself: a letter, a
  /// digit, the `'` that defuses the character after it, or `_` and `.`, which join the parts of
  /// a name (`ken_-1a2b`, `3.5`) and which no spreadsheet splits on.
  static func continuesPiece(_ character: Character) -> Bool {
    character.isLetter || isDigit(character) || "'_.".contains(character)
  }

  /// Whether `text` can go into a CSV file unchanged: every start of a cell or piece in it is a
  /// character that may start one, or the whole of it is a number or a lone `-`.
  static func isInert(_ text: String) -> Bool {
    isNumber(text) || firstUnsafeStart(in: Array(text)) == nil
  }

  /// Whether some piece of `text` could be run as a formula by a spreadsheet.
  static func couldRunAsFormula(_ text: String) -> Bool {
    !isInert(text)
  }

  /// `text` made inert: every invisible, control or whitespace character other than a space
  /// becomes a space, and a `'` (which spreadsheets show as text) goes before every start that
  /// may not start a cell. The result is always `isInert`.
  static func defused(_ text: String) -> String {
    if isNumber(text) { return text }
    var out: [Character] = []
    var previous: Character?
    for character in flattened(text) {
      if previous.map({ !continuesPiece($0) }) ?? true, !mayStart(character) { out.append("'") }
      out.append(character)
      previous = character
    }
    return String(out)
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

  /// `text` as a message shows a cell: in quotes, spelled out (`spelledOut(_:)`).
  static func shown(_ text: String) -> String {
    "\"" + spelledOut(text) + "\""
  }

  /// `text` with every character `defused(_:)` would make a space spelled out (`\u{9}` for a
  /// tab), so a reader sees what is there and no terminal acts on it.
  static func spelledOut(_ text: String) -> String {
    text.unicodeScalars.map { isInvisible($0) ? "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" : String($0) }.joined()
  }

  /// The offset of the first start in `characters` that may not start a cell, or `nil`.
  private static func firstUnsafeStart(in characters: [Character]) -> Int? {
    characters.indices.first { index in
      (index == 0 || !continuesPiece(characters[index - 1])) && !mayStart(characters[index])
    }
  }

  /// `text` with a space for every character no one sees as written, or that ends a line
  /// (`isInvisible`). One scalar at a time, so a letter a format character joins to stays.
  private static func flattened(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { isInvisible($0) ? " " : $0 }))
  }

  /// Whether `scalar` is whitespace other than a space, or a control, format, private-use or
  /// unassigned character (Unicode's Z and C categories).
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar != " " else { return false }
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .privateUse, .surrogate, .unassigned: return true
    default: return scalar.properties.isWhitespace
    }
  }

  /// Whether `character` is one of the ASCII digits a spreadsheet reads as a number.
  private static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }

  /// Whether `text` is a number as gradebooks write one (`3`, `3.33`, `-2`), or a lone `-`.
  private static func isNumber(_ text: String) -> Bool {
    if text == "-" { return true }
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isDigit) }
  }
}
