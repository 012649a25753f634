import GradeCatalog

/// One option of the command line: how it is spelled, what value it wants, and what it sets.
///
/// Each command's `CommandUsage` lists the options it takes; `Commands.parse` reads both, and
/// the usage text is made from them, so the two can never disagree.
struct Option: Sendable {
  /// The option as typed, such as `--timeout`.
  var name: String
  /// Other spellings, such as `--colour`.
  var aliases: [String] = []
  /// The value's placeholder in usage, such as `SECONDS`; `nil` for a switch.
  var value: String?
  /// What it does, in one line.
  var help: String
  /// Sets what it sets, or throws a usage error naming what it accepts.
  var apply: @Sendable (inout Commands.Parsed, String) throws(GradeError) -> Void

  /// The option spelled `name`, or `nil`.
  static func named(_ name: String) -> Option? {
    all.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// `--name VALUE`, or `--name` for a switch.
  var synopsis: String { value.map { "\(name) \($0)" } ?? name }

  /// Every option, in the order usage lists them.
  static let all: [Option] = [
    Option(name: "--format", value: "text|json", help: "json: Exercism results.json v3 field names") { parsed, text throws(GradeError) in
      guard let format = Commands.Format(rawValue: text) else { throw .usage("--format takes text or json, not \(text).") }
      parsed.options.format = format
    },
    Option(name: "--timeout", value: "SECONDS", help: "time limit for each run of a test binary (default 60)") { parsed, text throws(GradeError) in
      guard let seconds = Int(text), seconds > 0 else {
        throw .usage("--timeout takes a whole number of seconds, such as --timeout 120, not \(text).")
      }
      parsed.options.limits.seconds = seconds
    },
    Option(name: "--memory", value: "MIB", help: "address space for each run (default 4096)") { parsed, text throws(GradeError) in
      guard let mebibytes = Int(text), mebibytes >= 256 else {
        throw .usage("--memory takes a whole number of MiB, at least 256, such as --memory 8192, not \(text).")
      }
      parsed.options.limits.memoryBytes = mebibytes << 20
    },
    Option(name: "--processes", value: "N", help: "processes and threads for each run (default 512; Linux 6.14 or later)") {
      parsed, text throws(GradeError) in
      guard let count = Int(text), count >= 64 else {
        throw .usage("--processes takes a whole number, at least 64, such as --processes 1024, not \(text).")
      }
      parsed.options.limits.processes = count
    },
    Option(name: "--color", aliases: ["--colour"], value: "auto|always|never", help: "colour (auto: on a terminal, unless NO_COLOR is set)") {
      parsed, text throws(GradeError) in
      guard let choice = Commands.ColorChoice(rawValue: text) else { throw .usage("--color takes auto, always or never, not \(text).") }
      parsed.options.color = choice
    },
    Option(name: "--no-cache", help: "grade again even if nothing changed") { parsed, _ in parsed.options.useCache = false },
    Option(name: "--sanitize", value: "thread", help: "build and run the tests under ThreadSanitizer; a data race fails its task") {
      parsed, text throws(GradeError) in
      guard text == "thread" else { throw .usage("--sanitize takes thread (ThreadSanitizer), not \(text).") }
      parsed.options.threadSanitizer = true
    },
    Option(name: "--task", value: "K", help: "one task of the lesson, by number") { parsed, text throws(GradeError) in
      guard let number = Int(text), number > 0 else { throw .usage("--task takes a task number from 1, not \(text).") }
      parsed.task = number
    },
    Option(name: "--step", value: "N", help: "one step of the walkthrough, by number") { parsed, text throws(GradeError) in
      guard let number = Int(text), number > 0 else { throw .usage("--step takes a step number from 1, not \(text).") }
      parsed.step = number
    },
    Option(name: "--plain", help: "the walkthrough's Markdown as it is written, not laid out for a terminal") { parsed, _ in
      parsed.plain = true
    },
    Option(name: "--into", value: "DIR", help: "write a scratch copy of the workbook into DIR instead of your files") { parsed, text in
      parsed.into = text
    },
    Option(name: "--report", value: "OUT", help: "write gradebook.csv, details.csv, report.html and per-learner reports into OUT") {
      parsed, text in parsed.report = text
    },
    Option(name: "--roster", value: "CSV", help: "a CSV with a folder column beside the LMS's own; adds canvas.csv, moodle.csv and roster.txt to OUT") {
      parsed, text in parsed.options.roster = text
    },
    Option(name: "--assignments", value: "JSON", help: "existing Canvas assignments for lessons, as the roster's columns name them, such as {\"1\": \"Lesson 1 Quiz (4101)\"}") {
      parsed, text in parsed.options.assignments = text
    },
    Option(name: "--check-roster", help: "check the roster against the submissions and say what each LMS file would hold, without grading") { parsed, _ in
      parsed.checkRoster = true
    },
    Option(name: "--points", value: "JSON", help: "points per lesson, such as {\"1\": 10, \"mocking\": 20} (default: one per task)") {
      parsed, text in parsed.options.points = text
    },
    Option(name: "--classroom", help: "add a GitHub Classroom workflow that grades each push, a test per task") { parsed, _ in
      parsed.classroom = true
    },
    Option(name: "--keep", help: "write the mutants to grade learners against into Solutions/NN-slug/mutants.json, keeping what it says of survivors") {
      parsed, _ in parsed.keep = true
    },
    Option(name: "--jobs", value: "N", help: "learners graded at once (default: what the machine allows)") { parsed, text throws(GradeError) in
      guard let count = Int(text), count > 0 else {
        throw .usage("--jobs takes a number of learners to grade at once, such as --jobs 4, not \(text).")
      }
      parsed.options.learnersAtOnce = count
    },
    Option(name: "--shard", value: "i/n", help: "grade a stable slice of the class, such as 2/4") { parsed, text throws(GradeError) in
      guard let shard = Shard(text) else {
        throw .usage("--shard takes i/n, such as --shard 2/4 (the second of four slices), not \(text).")
      }
      parsed.options.shard = shard
    },
    Option(name: "--work", value: "W", help: "where workspaces live (default: the system's temporary folder)") { parsed, text in
      parsed.options.work = text
    },
    Option(name: "--runs", value: "R", help: "run each task's reference tests R times against every version, side by side") {
      parsed, text throws(GradeError) in
      guard let number = Int(text), (2...10_000).contains(number) else {
        throw .usage("--runs takes a number of runs from 2, such as --runs 50, not \(text).")
      }
      parsed.options.runs = number
    },
  ]
}
