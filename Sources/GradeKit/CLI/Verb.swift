import GradeCatalog

/// One command of the grader: its name, the words after it, the options it takes, and what it does.
///
/// The table `Verb.all` is the one description of the command line: `Command.parse`
/// reads it to accept a command and its options and nothing else, and the usage
/// text (`usage()`, `help()`) is made from it.
struct Verb: Sendable {
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
  /// Makes the command from the words after it and what the options set.
  var make: @Sendable ([String], Command.Parsed) throws(GradeError) -> Command

  /// The command named `name`, or `nil`.
  static func named(_ name: String?) -> Verb? {
    guard let name else { return nil }
    return all.first { $0.name == name && !$0.name.isEmpty }
  }

  /// The options that change how lessons are graded.
  static let grading = ["--timeout", "--memory", "--processes", "--no-cache", "--sanitize", "--color"]

  /// Grading, the command with no word.
  static let grade = all[0]

  /// Every command, in the order usage lists them.
  static let all: [Verb] = [
    Verb(
      name: "", arguments: "[LESSON ...]",
      summary: "grade every lesson (progress, then feedback on the lesson you are in), or the lessons named, by number or slug; with --task K, one lesson's feedback and an exit code for task K alone",
      audience: .learners, options: ["--format", "--task"] + grading
    ) { words, parsed throws(GradeError) in
      var options = parsed.options
      if let task = parsed.task {
        guard words.count == 1 else { throw .usage("--task needs one lesson: swift run grade 1 --task 2") }
        options.task = task
      }
      return .grade(lessons: words, options: options)
    },
    Verb(
      name: "watch", arguments: "[LESSON]", summary: "grade again on every save (default: the lesson you are in)",
      audience: .learners, options: grading
    ) { words, parsed throws(GradeError) in
      guard words.count <= 1 else { throw .usage("watch takes at most one lesson: swift run grade watch [N]") }
      return .watch(lesson: words.first, options: parsed.options)
    },
    Verb(
      name: "hint", arguments: "[LESSON]",
      summary: "the next hint you have not seen, for the first unfinished task or for --task K (default: the lesson you are in)",
      audience: .learners, options: ["--task", "--color"]
    ) { words, parsed throws(GradeError) in
      guard words.count <= 1 else { throw .usage("hint takes at most one lesson: swift run grade hint [N]") }
      return .hint(lesson: words.first, task: parsed.task)
    },
    Verb(name: "list", arguments: "", summary: "the lessons in order", audience: .learners, options: []) { words, _ throws(GradeError) in
      guard words.isEmpty else { throw .usage("list takes no lesson: swift run grade list") }
      return .list
    },
    Verb(
      name: "reveal", arguments: "LESSON", summary: "once the lesson passes: the solution, as a diff against your files",
      audience: .learners, options: grading
    ) { words, parsed throws(GradeError) in
      guard words.count == 1 else { throw .usage("say which lesson: swift run grade reveal 1") }
      return .reveal(lesson: words[0], options: parsed.options)
    },
    Verb(
      name: "check-setup", arguments: "", summary: "is this machine ready? (toolchain, Swift Testing, sandbox, a first build)",
      audience: .learners, options: []
    ) { words, _ throws(GradeError) in
      guard words.isEmpty else { throw .usage("check-setup takes no lesson: swift run grade check-setup") }
      return .checkSetup
    },
    Verb(
      name: "reset", arguments: "LESSON [TASK]", summary: "put the starter back over your files (after a backup in .grade/backups)",
      audience: .learners, options: ["--task"]
    ) { words, parsed throws(GradeError) in
      let (lesson, task) = try lessonAndTask(words, parsed, command: "reset")
      return .reset(lesson: lesson, task: task)
    },
    Verb(
      name: "solve", arguments: "LESSON [TASK]",
      summary: "copy the solution over your files (after a backup in .grade/backups); with --into, a scratch copy of the workbook solved up to --task K instead",
      audience: .learners, options: ["--task", "--into"]
    ) { words, parsed throws(GradeError) in
      let (lesson, task) = try lessonAndTask(words, parsed, command: "solve")
      guard let into = parsed.into else { return .solve(lesson: lesson, task: task) }
      guard let task else { throw .usage("say which lesson and task: swift run grade solve 1 --task 2 --into DIR") }
      return .solveInto(lesson: lesson, task: task, destination: into)
    },
    Verb(
      name: "class", arguments: "DIR [LESSON ...]",
      summary: "grade one folder per learner in DIR; OUT gets gradebook.csv, details.csv, report.html and, per learner, records/, feedback/, results/ and junit/; a re-run grades only learners whose files changed",
      audience: .instructors, options: ["--report", "--roster", "--points", "--jobs", "--shard", "--work", "--format"] + grading
    ) { words, parsed throws(GradeError) in
      guard let submissions = words.first else {
        throw .usage("say where the submissions are: swift run grade class SUBMISSIONS [LESSON ...] [--report DIR]")
      }
      return .gradeClass(submissions: submissions, lessons: Array(words.dropFirst()), report: parsed.report, options: parsed.options)
    },
    Verb(
      name: "merge", arguments: "OUT SHARD ...", summary: "combine the --report folders of several shards into one in OUT",
      audience: .instructors, options: ["--roster", "--points"]
    ) { words, parsed throws(GradeError) in
      guard words.count >= 2 else {
        throw .usage("say where to write and which shard reports to merge: swift run grade merge OUT SHARD1 SHARD2 ...")
      }
      return .merge(destination: words[0], sources: Array(words.dropFirst()), options: parsed.options)
    },
    Verb(
      name: "release", arguments: "DIR",
      summary: "write a student copy without Solutions/ into DIR; with --classroom, a workflow that grades each push for GitHub Classroom",
      audience: .instructors, options: ["--classroom", "--points"]
    ) { words, parsed throws(GradeError) in
      guard words.count == 1 else { throw .usage("say where to write the student copy: swift run grade release DESTINATION") }
      if parsed.options.points != nil, !parsed.classroom { throw .usage("--points sets the workflow's points; add --classroom") }
      return .release(destination: words[0], classroom: parsed.classroom, points: parsed.options.points)
    },
    Verb(
      name: "export", arguments: "gradescope DIR [LESSON ...]",
      summary: "write a Gradescope autograder into DIR (zip its contents and upload): setup.sh installs Swift and builds every lesson once, run_autograder grades each submission",
      audience: .instructors, options: ["--points"]
    ) { words, parsed throws(GradeError) in
      guard words.first == "gradescope", words.count >= 2 else {
        throw .usage("say which platform and where: swift run grade export gradescope DIR [LESSON ...]")
      }
      return .exportGradescope(destination: words[1], lessons: Array(words.dropFirst(2)), points: parsed.options.points)
    },
    Verb(
      name: "autograde", arguments: "ROOT [LESSON ...]",
      summary: "grade the submission in ROOT/submission into ROOT/results/results.json, as the run_autograder grade export writes does (ROOT is /autograder on Gradescope)",
      audience: .instructors, options: ["--points"] + grading
    ) { words, parsed throws(GradeError) in
      guard let root = words.first else { throw .usage("say where the submission is: swift run grade autograde /autograder [LESSON ...]") }
      return .autograde(root: root, lessons: Array(words.dropFirst()), options: parsed.options)
    },
    Verb(
      name: "present", arguments: "LESSON", summary: "walk through a lesson's walkthrough one section at a time, or print --step N",
      audience: .presenters, options: ["--step", "--plain", "--color"]
    ) { words, parsed throws(GradeError) in
      guard words.count == 1 else { throw .usage("say which lesson: swift run grade present 1 [--step N]") }
      return .present(lesson: words[0], step: parsed.step, plain: parsed.plain)
    },
    Verb(
      name: "prepare", arguments: "[LESSON ...]",
      summary: "build the lessons named (all by default) now, so each one's first grade is as fast as the next; grade does this for the next lessons in the background, at the lowest priority",
      audience: .presenters, options: []
    ) { words, _ in .prepare(lessons: words) },
    Verb(
      name: "check", arguments: "[LESSON ...]",
      summary: "prove every solution passes, every starter fails, every chaff and kept mutant is caught in every run, every snippet compiles",
      audience: .maintainers, options: ["--runs"] + grading
    ) { words, parsed in .check(lessons: words, options: parsed.options) },
    Verb(
      name: "mutants", arguments: "LESSON [TASK]",
      summary: "list the mutants of each write-tests task's code that the reference tests do not kill in every run (where an author finds a weak reference test); with --keep, store the fewest killed ones that learners' tests must kill too",
      audience: .maintainers, options: ["--task", "--runs", "--keep"] + grading
    ) { words, parsed throws(GradeError) in
      let (lesson, task) = try lessonAndTask(words, parsed, command: "mutants")
      return .mutants(lesson: lesson, task: task, keep: parsed.keep, options: parsed.options)
    },
    Verb(name: "help", arguments: "[COMMAND]", summary: "this text, or one command's", audience: .learners, options: []) { words, _ in
      .help(command: words.first)
    },
  ]

  /// A lesson and an optional task, given as `LESSON [TASK]` or `LESSON --task K`.
  private static func lessonAndTask(_ words: [String], _ parsed: Command.Parsed, command: String) throws(GradeError) -> (String, Int?) {
    guard words.count == 1 || words.count == 2 else {
      throw .usage("say which lesson, and optionally which task: swift run grade \(command) 1 [TASK]")
    }
    var task = parsed.task
    if words.count == 2 {
      guard let number = Int(words[1]), number > 0 else { throw .usage("the task is a number, not \(words[1])") }
      guard task == nil || task == number else { throw .usage("two tasks given, \(number) and \(task!); give one") }
      task = number
    }
    return (words[0], task)
  }

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

  /// The usage of every command, by audience, then every option.
  static func usage() -> String {
    var lines = ["grade: grades the workbook's lessons in sandboxes and says what to do next.", ""]
    for audience in Audience.allCases {
      let verbs = all.filter { $0.audience == audience && $0.name != "help" }
      guard !verbs.isEmpty else { continue }
      lines.append(audience.rawValue)
      for verb in verbs {
        // The options a command alone takes; the grading ones are listed once, below.
        let own = verb.options.filter { !grading.contains($0) && $0 != "--format" }.compactMap(Option.named).map { "[\($0.synopsis)]" }
        lines.append("  " + (["swift run grade", verb.name, verb.arguments] + own).filter { !$0.isEmpty }.joined(separator: " "))
        lines.append("      " + verb.summary)
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
