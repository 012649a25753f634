/// How the usage text shows one command, and the options it takes.
///
/// Every command (`GradeCommand`) holds one, and `Commands.all` lists the commands:
/// `Commands.parse` reads them to accept a command and its options and nothing else, and
/// the usage text (`help()`, `overview(of:)`) is made from them, so the two can never disagree.
struct CommandUsage: Sendable {
  /// Who a command is for, which orders the usage text.
  enum Audience: String, CaseIterable, Sendable {
    case learners = "Learners", instructors = "Instructors", presenters = "Presenters", maintainers = "Maintainers"
  }

  /// The command's word, such as `class`; empty for grading, which needs no word.
  var name: String
  /// The words after it, as usage shows them, such as `DIR [LESSON ...]`.
  var arguments: String
  /// What it does, in a sentence or two.
  var summary: String
  /// Who it is for.
  var audience: Audience
  /// The options it takes, by name (`Option.all`).
  var options: [String]

  /// The options that change how lessons are graded.
  static let grading = ["--timeout", "--memory", "--processes", "--no-cache", "--sanitize", "--color"]

  /// `swift run grade class DIR [LESSON ...] [--report OUT] ...`.
  var synopsis: String {
    let options = self.options.compactMap(Option.named).map { "[\($0.synopsis)]" }
    return (["swift run grade", name, arguments] + options).filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// One command's usage: its synopsis, what it does, and each of its options.
  func help() -> String {
    var lines = [synopsis, "", "  " + summary]
    let described = options.compactMap(Option.named)
    if !described.isEmpty {
      lines += ["", "Options"]
      let width = described.map(\.synopsis.count).max() ?? 0
      lines += described.map { "  " + $0.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.help }
    }
    return lines.joined(separator: "\n")
  }

  /// The usage of every command in `commands`, by audience, then every option.
  static func overview(of commands: [CommandUsage]) -> String {
    var lines = ["grade: grades the workbook's lessons, each run in a box of its own, and says what to do next.", ""]
    for audience in Audience.allCases {
      let shown = commands.filter { $0.audience == audience && $0.name != "help" }
      guard !shown.isEmpty else { continue }
      lines.append(audience.rawValue)
      for command in shown {
        // The options a command alone takes; the grading ones are listed once, below.
        let own = command.options.filter { !grading.contains($0) && $0 != "--format" }.compactMap(Option.named).map { "[\($0.synopsis)]" }
        lines.append("  " + (["swift run grade", command.name, command.arguments] + own).filter { !$0.isEmpty }.joined(separator: " "))
        lines.append("      " + command.summary)
      }
      lines.append("")
    }
    lines.append("Options (each command takes its own: swift run grade help COMMAND lists them)")
    let width = Option.all.map(\.synopsis.count).max() ?? 0
    for option in Option.all {
      lines.append("  " + option.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help)
    }
    lines += ["", "Exit status: 0 every graded lesson passes, 1 some fail, 2 a usage error or a lesson that could not be graded."]
    return lines.joined(separator: "\n")
  }
}
