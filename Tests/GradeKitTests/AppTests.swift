import Foundation
import Synchronization
import Testing
@testable import GradeKit

/// Whole commands, run through `App` with their output captured.
@Suite("Running whole commands")
struct AppTests {
  /// A workbook folder holding only the sample catalog, enough for commands that build nothing.
  final class Scratch {
    let root = FileManager.default.temporaryDirectory.appending(path: "app-\(UUID().uuidString)")
    init() throws {
      try FileManager.default.createDirectory(at: root.appending(path: "Lessons"), withIntermediateDirectories: true)
      try Data(SampleLesson.json.utf8).write(to: root.appending(path: "Lessons/catalog.json"))
    }
    deinit { try? FileManager.default.removeItem(at: root) }
  }

  /// Runs `arguments` in `folder` and returns the exit status, standard output and standard error.
  func run(_ arguments: [String], in folder: URL) -> (status: Int32, out: String, err: String) {
    let out = Mutex<[String]>([])
    let err = Mutex<[String]>([])
    let app = App(
      currentFolder: folder, environment: [:], outputIsTerminal: false,
      write: { line in out.withLock { $0.append(line) } }, writeError: { line in err.withLock { $0.append(line) } })
    let status = app.run(arguments)
    return (status, out.withLock { $0.joined(separator: "\n") }, err.withLock { $0.joined(separator: "\n") })
  }

  @Test("--help prints usage and exits 0")
  func help() throws {
    let scratch = try Scratch()
    let result = run(["--help"], in: scratch.root)
    #expect(result.status == 0)
    #expect(result.out == Command.usage)
  }

  @Test("list prints the lessons in order")
  func list() throws {
    let scratch = try Scratch()
    let result = run(["list"], in: scratch.root)
    #expect(result.status == 0)
    #expect(result.out == "   1  expect-and-require  Expecting and requiring")
  }

  @Test("An unknown lesson exits 2 and lists the lessons there are")
  func unknownLesson() throws {
    let scratch = try Scratch()
    let result = run(["7"], in: scratch.root)
    #expect(result.status == 2)
    #expect(result.err == "grade: there is no lesson \"7\". The lessons are:\n   1  expect-and-require  Expecting and requiring")
  }

  @Test("The workbook is found from a folder inside it")
  func findsWorkbookUpward() throws {
    let scratch = try Scratch()
    let result = run(["list"], in: scratch.root.appending(path: "Lessons"))
    #expect(result.status == 0)
  }

  @Test("No workbook exits 2 and says where to run")
  func noWorkbook() throws {
    let empty = FileManager.default.temporaryDirectory.appending(path: "empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let result = run(["1"], in: empty)
    #expect(result.status == 2)
    #expect(result.err.contains("no workbook found"))
  }

  @Test("A bad option exits 2 before anything is graded")
  func badOption() throws {
    let scratch = try Scratch()
    let result = run(["--timeout", "soon"], in: scratch.root)
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("grade: --timeout takes a whole number"))
  }

  @Test("hint climbs the ladder of the first unfinished task")
  func hint() throws {
    let scratch = try Scratch()
    let first = run(["hint", "1"], in: scratch.root)
    let second = run(["hint", "1"], in: scratch.root)
    #expect(first.out.contains("Hint 1 of 2: Read the tests first."))
    #expect(second.out.contains("Hint 2 of 2: Throw ScoreError.outOfRange(score)."))
    #expect(second.out.contains("That is the last hint."))
  }

  @Test("hint goes past the hint that grade already showed, and --task reads any task's ladder")
  func hintAfterGrade() throws {
    let scratch = try Scratch()
    let workbook = try Workbook.load(at: scratch.root)
    let lesson = workbook.catalog.lessons[0]
    // What grade does when it shows a failing task: hint 1 counts as seen.
    let hints = HintStore(url: workbook.state.hints)
    hints.markSeen(lesson.tasks[0], in: lesson, level: 1)
    let next = run(["hint", "1"], in: scratch.root)
    #expect(next.out.contains("Hint 2 of 2: Throw ScoreError.outOfRange(score)."))
    let other = run(["hint", "1", "--task", "2"], in: scratch.root)
    #expect(other.out.contains("task 2"))
    #expect(other.out.contains("Hint 1 of 2: One test per promise."))
    let missing = run(["hint", "1", "--task", "9"], in: scratch.root)
    #expect(missing.status == App.Exit.error)
  }
}
