import Foundation
import GradeEvents
import GradeProcesses
@testable import GradeFeedback
@testable import GradeKit
import GradeTestSupport
import Testing

@Suite("Walkthrough snippets")
struct SnippetTests {
  @Test("Only swift blocks are extracted, with the line of their fence")
  func extract() {
    let markdown = """
      # Title
      ```swift
      @Test func a() {}
      ```
      ```text
      ✘ output
      ```
      ```sh
      swift test
      ```
      ```swift
      import Foundation
      ```
      """
    let snippets = Snippet.extract(fromMarkdown: markdown)
    #expect(snippets == [Snippet(line: 2, code: "@Test func a() {}"), Snippet(line: 11, code: "import Foundation")])
  }

  @Test("A snippet without imports gets Testing and the lesson's module; one with imports is left alone")
  func imports() {
    #expect(Snippet(line: 1, code: "@Test func a() {}").source(module: "M") == "import Testing\n@testable import M\n\n@Test func a() {}\n")
    #expect(Snippet(line: 1, code: "import Foundation\nlet x = 1").source(module: "M") == "import Foundation\nlet x = 1\n")
  }
}

@Suite("Paths in the learner's terms")
struct LocationMapperTests {
  let mapper = LocationMapper(lesson: SampleLesson.lesson)

  @Test("Each module maps to the folder the learner knows", arguments: [
    ("ExpectRequireTests/A.swift", "Tests/ExpectRequireTests/A.swift"),
    ("ExpectRequireLearnerTests/B.swift", "Lessons/01-expect-and-require/Tests/B.swift"),
    ("ExpectRequireLearnerTests_T2V3/B.swift", "ExpectRequireLearnerTests_T2V3/B.swift"),
    ("ExpectRequire/C.swift", "Lessons/01-expect-and-require/Sources/C.swift"),
    ("Swift/Array.swift", "Swift/Array.swift"),
  ])
  func paths(fileID: String, expected: String) {
    #expect(mapper.path(forFileID: fileID) == expected)
  }

  @Test("A fatal error line is rewritten with the learner's path")
  func fatal() {
    let line = "ExpectRequire/ScoreValidator.swift:20: Fatal error: Please implement validate(_:)"
    let crash = Crash(ProcessOutcome(termination: .signaled(4), output: "a line the test printed\n\(line)\n"))
    #expect(crash.fatalError == FatalError(fileID: "ExpectRequire/ScoreValidator.swift", line: 20, message: "Please implement validate(_:)"))
    #expect(mapper.words(for: crash) == "Fatal error: Please implement validate(_:) (Lessons/01-expect-and-require/Sources/ScoreValidator.swift:20)")
  }
}

@Suite("The hint ladder")
struct HintStoreTests {
  @Test("Each request climbs one rung and stops at the top")
  func ladder() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "hints-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = HintStore(url: folder.appending(path: "hints.json"))
    let lesson = SampleLesson.lesson
    #expect(store.levels(for: lesson) == [:])
    #expect(store.advance(lesson.tasks[0], in: lesson) == 1)
    #expect(store.advance(lesson.tasks[0], in: lesson) == 2)
    #expect(store.advance(lesson.tasks[0], in: lesson) == 2)
    #expect(store.levels(for: lesson) == [1: 2])
  }

  @Test("The renderer names the rung and clamps out-of-range levels", arguments: [(0, "Hint 1 of 2: Read the tests first."), (2, "Hint 2 of 2: Throw ScoreError.outOfRange(score)."), (9, "Hint 2 of 2: Throw ScoreError.outOfRange(score).")])
  func rendering(level: Int, expected: String) {
    #expect(FeedbackRenderer(style: Style(colored: false)).hint(for: SampleLesson.lesson.tasks[0], level: level) == expected)
  }
}

@Suite("Noticing a save")
struct FolderSnapshotTests {
  @Test("A snapshot changes when a file's content changes, and not otherwise")
  func save() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appending(path: "Sources"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "Sources/A.swift")
    try Data("let a = 1\n".utf8).write(to: file)
    let before = FolderSnapshot(of: folder)
    #expect(FolderSnapshot(of: folder) == before)
    try Data("let a = 12\n".utf8).write(to: file)
    #expect(FolderSnapshot(of: folder) != before)
    #expect(before.files.keys.sorted() == ["Sources/A.swift"])
  }
}
