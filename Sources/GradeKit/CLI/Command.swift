import GradeBox
import GradeCatalog

/// What the learner, instructor or presenter asked for on the command line.
public enum Command: Equatable, Sendable {
  /// Grade these lessons, or all of them with an overview when none is named.
  case grade(lessons: [String], options: Options)
  /// Grade a lesson again on every save, until the learner quits.
  case watch(lesson: String?, options: Options)
  /// Show the next hint for a lesson's first unfinished task, or for one task.
  case hint(lesson: String?, task: Int?)
  /// Prove every lesson works, as CI does.
  case check(lessons: [String], options: Options)
  /// `grade mutants LESSON [TASK]`: what the reference tests do to the mutants of each write-tests task's code.
  case mutants(lesson: String, task: Int?, keep: Bool, options: Options)
  /// List the lessons.
  case list
  /// Grade every student folder in `submissions`; write reports to `report` when given.
  case gradeClass(submissions: String, lessons: [String], report: String?, options: Options)
  /// Write a student copy without solutions.
  case release(destination: String, classroom: Bool, points: String?)
  /// Combine the records of several `grade class` shards into one set of reports.
  case merge(destination: String, sources: [String], options: Options)
  /// Walk through a lesson step by step, or print one step.
  case present(lesson: String, step: Int?, plain: Bool)
  /// Put the starter back over the learner's files of a lesson or task, after a backup.
  case reset(lesson: String, task: Int?)
  /// Copy the solution over the learner's files of a lesson or task, after a backup.
  case solve(lesson: String, task: Int?)
  /// Write a scratch copy of the workbook with a lesson solved up to a task, for a presenter.
  case solveInto(lesson: String, task: Int, destination: String)
  /// Show the solution as a diff against the learner's files, once the lesson passes.
  case reveal(lesson: String, options: Options)
  /// Say in seconds whether this machine is ready for the workbook.
  case checkSetup
  /// Build lessons ahead of the learner, so each one's first grade is as fast as the next.
  case prepare(lessons: [String])
  /// Write a Gradescope autograder for these lessons (all when none) into `destination`.
  case exportGradescope(destination: String, lessons: [String], points: String?)
  /// Grade the Gradescope submission under `root` into its `results/results.json`.
  case autograde(root: String, lessons: [String], options: Options)
  /// Print usage: of every command, or of the one named.
  case help(command: String?)

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
    /// Where `grade class` keeps its sandboxes (`--work`); outside the workbook.
    public var work: String?
    /// Whether to build and run every task's tests under ThreadSanitizer (`--sanitize thread`).
    public var threadSanitizer = false
    /// How many learners `grade class` grades at once (`--jobs`); `nil` for what the machine allows.
    public var jobs: Int?
    /// The slice of the class `grade class` grades (`--shard i/n`).
    public var shard: Shard?
    /// The roster `grade class` and `grade merge` match folders to students with, for LMS gradebooks (`--roster`).
    public var roster: String?
    /// The instructor's points per lesson (`--points`); one point per task without it.
    public var points: String?
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
  /// must be one that command takes (`Verb.all`), or the parse fails naming both.
  public static func parse(_ arguments: [String]) throws(GradeError) -> Command {
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

    let verb = Verb.named(words.first) ?? Verb.grade
    if verb.name == "help" {
      return .help(command: words.count > 1 ? Verb.named(words[1])?.name ?? words[1] : nil)
    }
    if wantsHelp { return .help(command: verb.name.isEmpty ? nil : verb.name) }
    var parsed = Parsed()
    for (option, value) in given {
      guard verb.options.contains(option.name) else {
        let owners = Verb.all.filter { $0.options.contains(option.name) }.map { "swift run grade " + ($0.name.isEmpty ? "N" : $0.name) }
        throw .usage(
          "\(option.name) is not an option of `swift run grade\(verb.name.isEmpty ? "" : " " + verb.name)`"
            + (owners.isEmpty ? "." : "; it goes with \(owners.joined(separator: ", ")).")
            + " See `swift run grade \(verb.name.isEmpty ? "" : verb.name + " ")--help`.")
      }
      try option.apply(&parsed, value ?? "")
    }
    let positional = verb.name.isEmpty ? words : Array(words.dropFirst())
    return try verb.make(positional, parsed)
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
  }

  /// The usage text of every command, made from the same table the parser reads.
  public static var usage: String { Verb.usage() }

  /// The usage of one command, or `nil` when there is no such command.
  public static func usage(of name: String) -> String? { Verb.named(name).map { $0.help() } }
}

extension Command {
  /// Whether the command works on any platform: help only, since it reads and runs nothing.
  var runsAnywhere: Bool {
    if case .help = self { true } else { false }
  }
}
