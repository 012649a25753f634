import Foundation
@testable import GradeCatalog
@testable import GradeKit
@testable import GradeResults
import GradeTestSupport
import Testing

@Suite("Parsing the command line")
struct CommandTests {
  /// Whether `command` is `expected`: a command of the same type, equal to it.
  static func matches<Expected: GradeCommand>(_ command: any GradeCommand, _ expected: Expected) -> Bool {
    (command as? Expected) == expected
  }

  @Test("No arguments grades every lesson with default options")
  func empty() throws {
    #expect(try Commands.parse([]) as? GradeLessonsCommand == GradeLessonsCommand(names: [], options: .init()))
  }

  @Test("Lessons, flags and --flag=value forms combine")
  func gradeWithOptions() throws {
    var options = Commands.Options()
    options.format = .json
    options.limits.seconds = 5
    options.color = .never
    options.useCache = false
    let parsed = try Commands.parse(["2", "--format", "json", "--timeout=5", "mocking", "--color", "never", "--no-cache"])
    #expect(parsed as? GradeLessonsCommand == GradeLessonsCommand(names: ["2", "mocking"], options: options))
  }

  @Test("Subcommands", arguments: [
    (["hint"], HintCommand(name: nil, task: nil)),
    (["hint", "3"], HintCommand(name: "3", task: nil)),
    (["hint", "3", "--task", "2"], HintCommand(name: "3", task: 2)),
    (["check"], CheckCommand(names: [], options: .init())),
    (["check", "1", "2"], CheckCommand(names: ["1", "2"], options: .init())),
    (["list"], ListCommand()),
    (["--help"], HelpCommand(command: nil)),
    (["help"], HelpCommand(command: nil)),
    (["help", "class"], HelpCommand(command: "class")),
    (["class", "--help"], HelpCommand(command: "class")),
    (["reset", "1", "--task", "2"], ResetCommand(name: "1", task: 2)),
    (["reset", "1", "2"], ResetCommand(name: "1", task: 2)),
    (["solve", "1", "--task", "2", "--into", "x"], SolveCommand(names: ["1"], target: .scratchCopy(through: 2, folder: "x"))),
    (["solve", "1", "2", "--into", "x"], SolveCommand(names: ["1", "2"], target: .scratchCopy(through: nil, folder: "x"))),
    (["solve", "1", "2"], SolveCommand(names: ["1"], target: .learnerFiles(task: 2))),
    (["present", "5", "--step", "2", "--plain"], PresentCommand(name: "5", step: 2, plain: true)),
    (["check", "--runs", "20"], { var options = Commands.Options(); options.runs = 20; return CheckCommand(names: [], options: options) }()),
    (["1", "--task", "2"], { var options = Commands.Options(); options.task = 2; return GradeLessonsCommand(names: ["1"], options: options) }()),
    (["release", "out", "--classroom", "--points", "p.json"], ReleaseCommand(destination: "out", classroom: true, pointsFile: "p.json")),
    (["export", "gradescope", "ag", "3"], ExportCommand(destination: "ag", names: ["3"], pointsFile: nil)),
    (["autograde", "/autograder"], AutogradeCommand(root: "/autograder", names: [], options: .init())),
    (["class", "subs", "--roster", "r.csv", "--points", "p.json"], {
      var options = Commands.Options()
      options.roster = "r.csv"
      options.points = "p.json"
      return ClassCommand(submissions: "subs", names: [], report: nil, options: options)
    }()),
    (["class", "subs", "--roster", "r.csv", "--check-roster", "--assignments", "a.json"], {
      var options = Commands.Options()
      options.roster = "r.csv"
      options.assignments = "a.json"
      return ClassCommand(submissions: "subs", names: [], report: nil, options: options, checkRoster: true)
    }()),
    (["merge", "out", "a", "b", "--roster", "r.csv"], {
      var options = Commands.Options()
      options.roster = "r.csv"
      return MergeCommand(destination: "out", sources: ["a", "b"], options: options)
    }()),
  ] as [([String], any GradeCommand)])
  func subcommands(arguments: [String], expected: any GradeCommand) throws {
    let parsed = try Commands.parse(arguments)
    let matched = Self.matches(parsed, expected)
    #expect(matched, "parsed as \(parsed)")
  }

  @Test("Bad input is a usage error that says what is accepted", arguments: [
    (["--format", "xml"], "--format takes text or json"),
    (["--timeout", "soon"], "--timeout takes a whole number of seconds"),
    (["--timeout", "0"], "--timeout takes a whole number of seconds"),
    (["--timeout"], "--timeout needs a value"),
    (["--colour", "purple"], "--color takes auto, always or never"),
    (["--frobnicate"], "unknown option --frobnicate"),
    (["hint", "1", "2"], "hint takes at most one lesson"),
    (["reveal"], "say which lesson"),
    (["1", "--report", "out"], "--report is not an option of `swift run grade`; it goes with swift run grade class"),
    (["hint", "1", "--timeout", "5"], "--timeout is not an option of `swift run grade hint`"),
    (["list", "--format", "json"], "--format is not an option of `swift run grade list`"),
    (["reset", "1", "--into", "x"], "--into is not an option of `swift run grade reset`; it goes with swift run grade solve"),
    (["reset", "1", "2", "--task", "3"], "two tasks given"),
    (["watch", "--runs", "5"], "--runs is not an option of `swift run grade watch`; it goes with swift run grade check"),
    (["--no-cache=yes"], "--no-cache takes no value"),
    (["--task", "2"], "--task needs one lesson"),
    (["release", "out", "--points", "p.json"], "add --classroom"),
    (["export", "moodle", "out"], "swift run grade export gradescope DIR"),
    (["autograde"], "say where the submission is"),
    (["solve", "1", "2", "--task", "2", "--into", "x"], "--task K solves one lesson up to a task"),
    (["solve", "--into", "x"], "say which lessons to solve"),
  ])
  func usageErrors(arguments: [String], fragment: String) {
    #expect {
      try Commands.parse(arguments)
    } throws: { error in
      guard case GradeError.usage(let message) = error else { return false }
      return message.contains(fragment)
    }
  }
}

@Suite("The usage text, made from the command table")
struct UsageGoldenTests {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

  @Test("Every command's help reads as its golden file, and the overview too", arguments: [
    "", "watch", "hint", "list", "reveal", "check-setup", "reset", "solve", "class", "merge", "release", "export", "autograde", "present", "prepare", "check",
    "mutants",
  ])
  func help(_ command: String) throws {
    let expected = try String(contentsOf: Self.golden.appending(path: command.isEmpty ? "help.txt" : "help-\(command).txt"), encoding: .utf8)
    let actual = command.isEmpty ? Commands.usage : try #require(Commands.usage(of: command))
    #expect(actual + "\n" == expected)
  }

  @Test("Every option in the table belongs to some command, and every command's options are in the table")
  func tableIsWhole() {
    let used = Set(Commands.all.flatMap { $0.usage.options })
    #expect(used == Set(Option.all.map(\.name)))
  }
}

@Suite("Finding lessons by name")
struct LessonLookupTests {
  @Test("A lesson is found by number, padded number, slug or folder", arguments: ["1", "01", "expect-and-require", "01-expect-and-require", "Lessons/01-expect-and-require/"])
  func found(name: String) {
    #expect(SampleLesson.catalog.lesson(named: name)?.number == 1)
  }

  @Test("An unknown lesson is not found", arguments: ["0", "2", "expect", ""])
  func notFound(name: String) {
    #expect(SampleLesson.catalog.lesson(named: name) == nil)
  }
}
