/// What the learner, instructor or presenter asked for on the command line.
public enum Command: Equatable, Sendable {
  /// Grade these lessons, or all of them with an overview when none is named.
  case grade(lessons: [String], options: Options)
  /// Grade a lesson again on every save, until the learner quits.
  case watch(lesson: String?, options: Options)
  /// Show the next hint for a lesson's first unfinished task, or for one task.
  case hint(lesson: String, task: Int?)
  /// Prove every lesson works, as CI does.
  case check(lessons: [String], options: Options)
  /// List the lessons.
  case list
  /// Grade every student folder in `submissions`; write reports to `report` when given.
  case gradeClass(submissions: String, lessons: [String], report: String?, options: Options)
  /// Write a student copy without solutions.
  case release(destination: String)
  /// Combine the records of several `grade class` shards into one set of reports.
  case merge(destination: String, sources: [String])
  /// Walk through a lesson step by step, or print one step.
  case present(lesson: String, step: Int?)
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
  /// Print usage.
  case help

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
  public static func parse(_ arguments: [String]) throws(GradeError) -> Command {
    var positional: [String] = []
    var options = Options()
    var report: String?
    var step: Int?
    var taskOption: Int?
    var into: String?
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
        options.limits.seconds = seconds
      case "--memory":
        let text = try next()
        guard let mebibytes = Int(text), mebibytes >= 256 else { throw .usage("--memory takes a whole number of MiB, at least 256, such as --memory 8192, not \(text).") }
        options.limits.memoryBytes = mebibytes << 20
      case "--processes":
        let text = try next()
        guard let count = Int(text), count >= 64 else { throw .usage("--processes takes a whole number, at least 64, such as --processes 1024, not \(text).") }
        options.limits.processes = count
      case "--color", "--colour":
        let text = try next()
        guard let choice = ColorChoice(rawValue: text) else { throw .usage("--color takes auto, always or never, not \(text).") }
        options.color = choice
      case "--no-cache":
        options.useCache = false
      case "--report":
        report = try next()
      case "--work":
        options.work = try next()
      case "--jobs":
        let text = try next()
        guard let count = Int(text), count > 0 else { throw .usage("--jobs takes a number of learners to grade at once, such as --jobs 4, not \(text).") }
        options.jobs = count
      case "--shard":
        let text = try next()
        guard let shard = Shard(text) else { throw .usage("--shard takes i/n, such as --shard 2/4 (the second of four slices), not \(text).") }
        options.shard = shard
      case "--sanitize":
        let text = try next()
        guard text == "thread" else { throw .usage("--sanitize takes thread (ThreadSanitizer), not \(text).") }
        options.threadSanitizer = true
      case "--into":
        into = try next()
      case "--task":
        let text = try next()
        guard let number = Int(text), number > 0 else { throw .usage("--task takes a task number from 1, not \(text).") }
        taskOption = number
      case "--runs":
        let text = try next()
        guard let number = Int(text), (2...10_000).contains(number) else { throw .usage("--runs takes a number of runs from 2, such as --runs 50, not \(text).") }
        options.runs = number
      case "--step":
        let text = try next()
        guard let number = Int(text), number > 0 else { throw .usage("--step takes a step number from 1, not \(text).") }
        step = number
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
      return .hint(lesson: positional[1], task: taskOption)
    case "watch":
      guard positional.count <= 2 else { throw .usage("watch takes at most one lesson: swift run grade watch [N]") }
      return .watch(lesson: positional.count == 2 ? positional[1] : nil, options: options)
    case "check":
      return .check(lessons: Array(positional.dropFirst()), options: options)
    case "list":
      return .list
    case "class":
      guard positional.count >= 2 else { throw .usage("say where the submissions are: swift run grade class SUBMISSIONS [LESSON ...] [--report DIR]") }
      return .gradeClass(submissions: positional[1], lessons: Array(positional.dropFirst(2)), report: report, options: options)
    case "release":
      guard positional.count == 2 else { throw .usage("say where to write the student copy: swift run grade release DESTINATION") }
      return .release(destination: positional[1])
    case "merge":
      guard positional.count >= 3 else { throw .usage("say where to write and which shard reports to merge: swift run grade merge OUT SHARD1 SHARD2 ...") }
      return .merge(destination: positional[1], sources: Array(positional.dropFirst(2)))
    case "present":
      guard positional.count == 2 else { throw .usage("say which lesson: swift run grade present 1 [--step N]") }
      return .present(lesson: positional[1], step: step)
    case "reveal":
      guard positional.count == 2 else { throw .usage("say which lesson: swift run grade reveal 1") }
      return .reveal(lesson: positional[1], options: options)
    case "check-setup":
      return .checkSetup
    case "solve" where into != nil:
      guard positional.count == 2, let task = taskOption, let into else {
        throw .usage("say which lesson and task: swift run grade solve 1 --task 2 --into DIR")
      }
      return .solveInto(lesson: positional[1], task: task, destination: into)
    case "reset", "solve":
      guard positional.count == 2 || positional.count == 3 else {
        throw .usage("say which lesson, and optionally which task: swift run grade \(positional[0]) 1 [TASK]")
      }
      var task: Int?
      if positional.count == 3 {
        guard let number = Int(positional[2]) else { throw .usage("the task is a number, not \(positional[2])") }
        task = number
      }
      return positional[0] == "reset" ? .reset(lesson: positional[1], task: task) : .solve(lesson: positional[1], task: task)
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
      swift run grade watch [2]       grade again on every save (default: your first unfinished lesson)
      swift run grade hint 2          the next hint you have not seen for lesson 2's first unfinished task
      swift run grade hint 2 --task 3 the next hint for task 3, finished or not
      swift run grade list            the lessons in order

      swift run grade reveal 2        once lesson 2 passes: the solution, as a diff against your files
      swift run grade check-setup     is this machine ready? (toolchain, Swift Testing, sandbox, a first build)
      swift run grade reset 2 [TASK]  put the starter back over your files (after a backup in .grade/backups)
      swift run grade solve 2 [TASK]  copy the solution over your files (after a backup in .grade/backups)

    Instructors
      swift run grade class DIR [N ...] [--report OUT] [--jobs N] [--shard i/n] [--work W]
                                      grade one folder per learner in DIR, N at a time (default: what the
                                      machine allows); OUT gets gradebook.csv, details.csv, report.html and,
                                      per learner, records/, feedback/ (Markdown), results/ (Exercism v3 JSON)
                                      and junit/; a re-run grades only learners whose files changed;
                                      --shard grades a stable slice; sandboxes live in W (default: system temp)
      swift run grade merge OUT SHARD1 SHARD2 ...
                                      combine the --report folders of several shards into one in OUT
      swift run grade release DIR     write a student copy without Solutions/ into DIR

    Presenters
      swift run grade present 2       walk through lesson 2 one section at a time
      swift run grade present 2 --step 3
                                      print one step (for slides or a script)
      swift run grade solve 2 --task 3 --into DIR
                                      a scratch copy of the workbook with lesson 2 solved up to task 3

    Maintainers
      swift run grade check [N ...] [--runs R]
                                      prove every solution passes, every starter fails, every chaff is caught;
                                      --runs: each task's reference tests R times against every version, side by side

    Options
      --format text|json              json: Exercism results.json v3 field names
      --timeout SECONDS               time limit for each run of a test binary (default 60)
      --memory MIB                    address space for each run (default 4096)
      --processes N                   processes and threads for each run (default 512; Linux 6.14 or later)
      --color auto|always|never       colour (auto: on a terminal, unless NO_COLOR is set)
      --no-cache                      grade again even if nothing changed
      --sanitize thread               build and run the tests under ThreadSanitizer; a data race fails its task

    Exit status: 0 every graded lesson passes, 1 some fail, 2 usage or infrastructure error.
    """
}
