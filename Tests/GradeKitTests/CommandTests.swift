import Testing
@testable import GradeKit

@Suite("Parsing the command line")
struct CommandTests {
  @Test("No arguments grades every lesson with default options")
  func empty() throws {
    #expect(try Command.parse([]) == .grade(lessons: [], options: .init()))
  }

  @Test("Lessons, flags and --flag=value forms combine")
  func gradeWithOptions() throws {
    var options = Command.Options()
    options.format = .json
    options.limits.seconds = 5
    options.color = .never
    options.useCache = false
    let parsed = try Command.parse(["2", "--format", "json", "--timeout=5", "mocking", "--color", "never", "--no-cache"])
    #expect(parsed == .grade(lessons: ["2", "mocking"], options: options))
  }

  @Test("Subcommands", arguments: [
    (["hint", "3"], Command.hint(lesson: "3", task: nil)),
    (["hint", "3", "--task", "2"], Command.hint(lesson: "3", task: 2)),
    (["check"], Command.check(lessons: [], options: .init())),
    (["check", "1", "2"], Command.check(lessons: ["1", "2"], options: .init())),
    (["list"], Command.list),
    (["--help"], Command.help),
    (["help"], Command.help),
  ])
  func subcommands(arguments: [String], expected: Command) throws {
    #expect(try Command.parse(arguments) == expected)
  }

  @Test("Bad input is a usage error that says what is accepted", arguments: [
    (["--format", "xml"], "--format takes text or json"),
    (["--timeout", "soon"], "--timeout takes a whole number of seconds"),
    (["--timeout", "0"], "--timeout takes a whole number of seconds"),
    (["--timeout"], "--timeout needs a value"),
    (["--colour", "purple"], "--color takes auto, always or never"),
    (["--frobnicate"], "unknown option --frobnicate"),
    (["hint"], "say which lesson"),
  ])
  func usageErrors(arguments: [String], fragment: String) {
    #expect {
      try Command.parse(arguments)
    } throws: { error in
      guard case GradeError.usage(let message) = error else { return false }
      return message.contains(fragment)
    }
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
