
/// Text that came from a test run or a compile, made safe to show anywhere: capped, and with
/// every character that could move a terminal's cursor or start a new line written as an escape.
///
/// A test's name, an issue's comment, a failure message or a line a test prints is the
/// learner's text: a newline in it could print what looks like the grader's own line (a
/// fake "✔ Task 2"), and an escape sequence could erase the real one. So every such text is
/// turned into this form where it enters the grader, before anything matches or shows it:
/// then text, Markdown, JSON and HTML all show the same bytes, as data.
package enum ShownText {
  /// `text` with control characters, line separators and bidirectional controls escaped
  /// (`\n`, `\t`, `\u{1B}`), cut to `limit` characters with an ellipsis.
  package static func escaped(_ text: some StringProtocol, limit: Int) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      guard count < limit else {
        out += "…"
        break
      }
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if needsEscape(scalar) {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
      count += 1
    }
    return out
  }

  /// Whether a character could change how what follows it is shown.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0 and C1 controls, DEL: the escape sequences' introducers
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
    case 0x2028, 0x2029: true  // line and paragraph separators
    default: false
    }
  }

  /// The longest test name or display name shown.
  package static let nameLimit = 300
  /// The longest failure message shown.
  package static let messageLimit = 2_000
  /// The longest comment shown.
  static let commentLimit = 1_000
}
