/// What the learner, instructor or presenter asked for on the command line.
public enum Command: Equatable, Sendable {
  /// Grade these lessons, or all of them with an overview when none is named.
  case grade(lessons: [String], options: Options)
  /// Show the next hint for a lesson's first unfinished task.
  case hint(lesson: String)
  /// Prove every lesson works, as CI does.
  case check(lessons: [String], options: Options)
  /// List the lessons.
  case list
  /// Print usage.
  case help

  /// Settings shared by the grading commands.
  public struct Options: Equatable, Sendable {
    /// Text for people or JSON for machines.
    public var format: Format = .text
    /// The per-lesson time limit for tests, in seconds.
    public var timeoutSeconds: Int = 60
    /// When to colour output.
    public var color: ColorChoice = .auto
    /// Whether to reuse the last result of an unchanged lesson.
    public var useCache = true

    /// Creates default options.
    public init() {}
  }

  /// Output format.
  public enum Format: String, Equatable, Sendable { case text, json }

  /// When to colour output.
  public enum ColorChoice: String, Equatable, Sendable { case auto, always, never }

  /// Parses arguments, without the program name.
  public static func parse(_ arguments: [String]) throws(GradeError) -> Command {
    var positional: [String] = []
    var options = Options()
    var index = 0
    func value(for flag: String) throws(GradeError) -> String {
      index += 1
      guard index < arguments.count else { throw .usage("\(flag) needs a value. See `swift run grade --help`.") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func next() throws(GradeError) -> String {
        if let inline { return inline }
        return try value(for: flag)
      }
      switch flag {
      case "-h", "--help":
        return .help
      case "help" where positional.isEmpty:
        return .help
      case "--format":
        let text = try next()
        guard let format = Format(rawValue: text) else { throw .usage("--format takes text or json, not \(text).") }
        options.format = format
      case "--timeout":
        let text = try next()
        guard let seconds = Int(text), seconds > 0 else { throw .usage("--timeout takes a whole number of seconds, such as --timeout 120, not \(text).") }
        options.timeoutSeconds = seconds
      case "--color", "--colour":
        let text = try next()
        guard let choice = ColorChoice(rawValue: text) else { throw .usage("--color takes auto, always or never, not \(text).") }
        options.color = choice
      case "--no-cache":
        options.useCache = false
      default:
        if argument.hasPrefix("-") && argument.count > 1 {
          throw .usage("unknown option \(argument). See `swift run grade --help`.")
        }
        positional.append(argument)
      }
      index += 1
    }
    switch positional.first {
    case "hint":
      guard positional.count == 2 else { throw .usage("say which lesson: swift run grade hint 1") }
      return .hint(lesson: positional[1])
    case "check":
      return .check(lessons: Array(positional.dropFirst()), options: options)
    case "list":
      return .list
    default:
      return .grade(lessons: positional, options: options)
    }
  }

  /// The usage text.
  public static let usage = """
    grade: grades the workbook's lessons in sandboxes and says what to do next.

    Learners
      swift run grade                 grade every lesson: progress, then feedback on the first unfinished one
      swift run grade 2               grade one lesson, by number or slug (parameterized-tests)
      swift run grade hint 2          the next hint for lesson 2's first unfinished task
      swift run grade list            the lessons in order

    Maintainers
      swift run grade check [N ...]   prove every solution passes, every starter fails, every chaff is caught

    Options
      --format text|json              json: Exercism results.json v3 field names
      --timeout SECONDS               time limit for one lesson's tests (default 60)
      --color auto|always|never       colour (auto: on a terminal, unless NO_COLOR is set)
      --no-cache                      grade again even if nothing changed

    Exit status: 0 every graded lesson passes, 1 some fail, 2 usage or infrastructure error.
    """
}
