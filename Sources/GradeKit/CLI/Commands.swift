import GradeBox
import GradeCatalog

/// The commands of grade: every one (`all`), how a command line names one and its options (`parse`), and the usage text.
///
/// Each command is a type of its own (`GradeCommand`), in `Commands/`.
public enum Commands {
  /// Settings shared by the grading commands.
  public struct Options: Equatable, Sendable {
    /// Text for people or JSON for machines.
    public var format: Format = .text
    /// The limits on every run of a test binary; `--timeout`, `--memory` and `--processes` set them.
    public var limits = BoxLimits()
    /// When to colour output.
    public var color: ColorChoice = .auto
    /// Whether to reuse the last result of an unchanged lesson.
    public var useCache = true
    /// Where `grade class` keeps its workspaces (`--work`); outside the workbook.
    public var work: String?
    /// Whether to build and run every task's tests under ThreadSanitizer (`--sanitize thread`).
    public var threadSanitizer = false
    /// How many learners `grade class` grades at once (`--jobs`); `nil` for what the machine allows.
    public var learnersAtOnce: Int?
    /// The slice of the class `grade class` grades (`--shard i/n`).
    public var shard: Shard?
    /// The roster `grade class` and `grade merge` match folders to students with, for LMS gradebooks (`--roster`).
    public var roster: String?
    /// The instructor's points per lesson (`--points`); one point per task without it.
    public var points: String?
    /// The existing Canvas assignment columns lessons' grades go into (`--assignments`).
    public var assignments: String?
    /// The one task whose result decides the exit code of grading a lesson (`--task`).
    public var task: Int?
    /// How many times `grade check` runs each task's reference tests against each version (`--runs`).
    public var runs: Int?

    /// Creates default options.
    public init() {}
  }

  /// Output format.
  public enum Format: String, Equatable, Sendable { case text, json }

  /// When to colour output.
  public enum ColorChoice: String, Equatable, Sendable { case auto, always, never }

  /// Parses arguments, without the program name.
  ///
  /// The first word that is not an option names the command (none grades); every option
  /// must be one that command takes (its `usage.options`), or the parse fails naming both.
  static func parse(_ arguments: [String]) throws(GradeError) -> any GradeCommand {
    var words: [String] = []
    var given: [(option: Option, value: String?)] = []
    var wantsHelp = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("-"), argument.count > 1 else {
        words.append(argument)
        continue
      }
      if argument == "-h" || argument == "--help" {
        wantsHelp = true
        continue
      }
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = Option.named(name) else {
        throw .usage("unknown option \(argument). See `swift run grade --help`.")
      }
      var value: String?
      if option.value != nil {
        if let inline {
          value = inline
        } else {
          guard index < arguments.count else { throw .usage("\(option.name) needs a value (\(option.value!)). See `swift run grade --help`.") }
          value = arguments[index]
          index += 1
        }
      } else if inline != nil {
        throw .usage("\(option.name) takes no value.")
      }
      given.append((option, value))
    }

    let command = named(words.first) ?? GradeLessonsCommand.self
    let usage = command.usage
    let positional = usage.name.isEmpty ? words : Array(words.dropFirst())
    // Help takes no option, yet refuses none: whatever else was typed, it prints usage.
    if command == HelpCommand.self { return try HelpCommand.parse(positional, Parsed()) }
    if wantsHelp { return HelpCommand(command: usage.name.isEmpty ? nil : usage.name) }
    var parsed = Parsed()
    for (option, value) in given {
      guard usage.options.contains(option.name) else {
        let owners = all.map { $0.usage }.filter { $0.options.contains(option.name) }.map { "swift run grade " + ($0.name.isEmpty ? "N" : $0.name) }
        throw .usage(
          "\(option.name) is not an option of `swift run grade\(usage.name.isEmpty ? "" : " " + usage.name)`"
            + (owners.isEmpty ? "." : "; it goes with \(owners.joined(separator: ", ")).")
            + " See `swift run grade \(usage.name.isEmpty ? "" : usage.name + " ")--help`.")
      }
      try option.apply(&parsed, value ?? "")
    }
    return try command.parse(positional, parsed)
  }

  /// Everything the options of one command line set, before the command is made.
  struct Parsed {
    var options = Options()
    var report: String?
    var task: Int?
    var step: Int?
    var into: String?
    var plain = false
    var classroom = false
    var keep = false
    var checkRoster = false
  }

  /// The usage text of every command, made from the same table the parser reads.
  public static var usage: String { CommandUsage.overview(of: all.map { $0.usage }) }

  /// The usage of one command, or `nil` when there is no such command.
  public static func usage(of name: String) -> String? { named(name).map { $0.usage.help() } }
}
