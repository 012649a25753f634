import Foundation
import GradeCatalog
import GradeProcesses

/// The canonical files as they were handed out, when the learner has edited them.
///
/// Locally, the workbook is the learner's own checkout, so its canonical tests
/// are files the learner can edit. Git still holds them as handed out: the
/// branch you cloned from, or else the last commit. One `git diff` per lesson
/// finds the edited ones; only those are read back from git.
public struct PristineFiles: Sendable {
  /// Handed-out contents by workbook-relative path, for canonical files that differ.
  public var contents: [String: Data]
  /// The files whose edits are ignored, to tell the learner.
  public var edited: [String] { contents.keys.sorted() }

  /// No overrides: every file is used as it is.
  public static let none = PristineFiles(contents: [:])

  /// Creates overrides.
  public init(contents: [String: Data]) {
    self.contents = contents
  }

  /// The canonical paths of a lesson: its canonical test folder and its files nobody owns.
  static func canonicalPaths(of lesson: Lesson, in workbook: Workbook) -> [String] {
    let owned = Set(lesson.ownedFiles)
    var paths = [WorkbookPath.canonicalTests(lesson).relative]
    for part in [Lesson.sourcesFolder, Lesson.testsFolder] {
      let names = swiftFiles(in: workbook.starterFolder(of: lesson).appending(path: part))
      paths += names.filter { !owned.contains("\(part)/\($0)") }.map { WorkbookPath.file("\(part)/\($0)", of: lesson).relative }
    }
    return paths
  }

  /// Finds the lesson's canonical files that differ from git's handed-out version.
  /// Outside a git checkout, or when git cannot say, nothing is overridden.
  public static func find(for lesson: Lesson, in workbook: Workbook, spawner: Spawner) -> PristineFiles {
    let paths = canonicalPaths(of: lesson, in: workbook)
    for revision in ["@{upstream}", "HEAD"] {
      guard let diff = try? spawner.run(
        ["git", "-C", workbook.root.path, "diff", "--name-only", "--no-renames", revision, "--"] + paths,
        until: .now + .seconds(30), streams: .separate), diff.succeeded
      else { continue }
      var contents: [String: Data] = [:]
      for path in diff.output.split(separator: "\n").map(String.init) where !path.isEmpty {
        guard let shown = try? spawner.run(
          ["git", "-C", workbook.root.path, "show", "\(revision):\(path)"], until: .now + .seconds(30), streams: .separate),
          shown.succeeded
        else { continue }
        contents[path] = shown.outputBytes
      }
      return PristineFiles(contents: contents)
    }
    return .none
  }
}
