import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeProcesses
import GradeTestSupport
import Testing

/// Runs git in a throwaway repository: the point is what git hands back.
@Suite("Canonical files as handed out")
struct PristineFilesTests {
  @Test("An edited canonical test is read back from git; owned files are left alone")
  func editedCanonicalFile() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "pristine-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "Tests/ExpectRequireTests/ScoreValidatorTests.swift": "canonical test\n",
      "Lessons/01-expect-and-require/Sources/UserStore.swift": "canonical store\n",
      "Lessons/01-expect-and-require/Sources/ScoreValidator.swift": "// TODO: starter\n",
    ]
    for (path, text) in files {
      let url = root.appending(path: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let spawner = Spawner()
    for command in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "handed out"]] {
      #expect(try spawner.run(["git", "-C", root.path] + command, until: .now + .seconds(30)).succeeded)
    }
    // The learner edits a canonical test and their own file.
    try Data("edited test\n".utf8).write(to: root.appending(path: "Tests/ExpectRequireTests/ScoreValidatorTests.swift"))
    try Data("my work\n".utf8).write(to: root.appending(path: "Lessons/01-expect-and-require/Sources/ScoreValidator.swift"))

    let workbook = Workbook(root: root, catalog: SampleLesson.catalog)
    let pristine = PristineFiles.find(for: SampleLesson.lesson, in: workbook, spawner: spawner)
    #expect(pristine.edited == ["Tests/ExpectRequireTests/ScoreValidatorTests.swift"])
    #expect(pristine.contents["Tests/ExpectRequireTests/ScoreValidatorTests.swift"] == Data("canonical test\n".utf8))
  }

  @Test("Outside a git checkout nothing is overridden")
  func noGit() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "no-git-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let pristine = PristineFiles.find(for: SampleLesson.lesson, in: Workbook(root: root, catalog: SampleLesson.catalog), spawner: Spawner())
    #expect(pristine.edited.isEmpty)
  }
}
