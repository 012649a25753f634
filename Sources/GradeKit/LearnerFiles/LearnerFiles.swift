import Foundation
import GradeCatalog
import GradeProcesses

/// Rewrites a learner's own files, only when they ask (`reset`, `solve`), always after a backup.
public struct LearnerFiles: Sendable {
  /// The workbook whose files are rewritten.
  public var workbook: Workbook
  /// Runs git, which holds the starter as it was handed out.
  public var spawner: Spawner
  /// When the backup was made, which names its folder.
  public var now: Date

  /// Creates a file rewriter.
  public init(workbook: Workbook, spawner: Spawner = Spawner(), now: Date = Date()) {
    self.workbook = workbook
    self.spawner = spawner
    self.now = now
  }

  /// What a rewrite did.
  public struct Change: Sendable, Equatable {
    /// The files rewritten, relative to the workbook.
    public var files: [String]
    /// Where the old versions were saved, relative to the workbook; `nil` when there were none to save.
    public var backup: String?
  }

  /// The owned files of a lesson, or of one task of it.
  public func ownedFiles(of lesson: Lesson, task: Int?) throws(GradeError) -> [String] {
    guard let task else { return lesson.ownedFiles.map { WorkbookPath.file($0, of: lesson).relative } }
    guard let found = lesson.tasks.first(where: { $0.number == task }) else {
      throw .usage("lesson \(lesson.number) has tasks 1 to \(lesson.tasks.count), not \(task)")
    }
    return found.files.map { WorkbookPath.file($0, of: lesson).relative }
  }

  /// Puts the starter back: the version of each file on the branch you cloned from, or,
  /// without one, the version the file was first committed with.
  public func reset(_ lesson: Lesson, task: Int?) throws(GradeError) -> Change {
    let files = try ownedFiles(of: lesson, task: task)
    var contents: [String: Data] = [:]
    for file in files {
      contents[file] = try starterVersion(of: file)
    }
    return try replace(contents)
  }

  /// Copies the solution over your files.
  public func solve(_ lesson: Lesson, task: Int?) throws(GradeError) -> Change {
    let files = try ownedFiles(of: lesson, task: task)
    var contents: [String: Data] = [:]
    for file in files {
      let solution = WorkbookPath(file).inSolution!
      guard let data = FileManager.default.contents(atPath: solution.url(in: workbook.root).path) else {
        throw .usage("\(solution) is not in this copy of the workbook, so there is no solution to copy")
      }
      contents[file] = data
    }
    return try replace(contents)
  }

  private func starterVersion(of file: String) throws(GradeError) -> Data {
    for revision in ["@{upstream}", try firstCommit(of: file)] {
      let shown = try spawner.run(
        ["git", "-C", workbook.root.path, "show", "\(revision):\(file)"], until: .now + .seconds(60), streams: .separate)
      if shown.succeeded { return shown.outputBytes }
    }
    throw .infrastructure("git has no starter version of \(file); is this workbook a git clone?")
  }

  private func firstCommit(of file: String) throws(GradeError) -> String {
    let log = try spawner.run(
      ["git", "-C", workbook.root.path, "log", "--diff-filter=A", "--format=%H", "--", file], until: .now + .seconds(60),
      streams: .separate)
    return log.output.split(separator: "\n").last.map(String.init) ?? "HEAD"
  }

  /// Backs up every file that exists, then writes the new contents.
  private func replace(_ contents: [String: Data]) throws(GradeError) -> Change {
    let backup = workbook.learnerState.backup(at: now)
    let manager = FileManager.default
    var savedAny = false
    do {
      for file in contents.keys.sorted() {
        let current = workbook.root.appending(path: file)
        if manager.fileExists(atPath: current.path) {
          let saved = workbook.root.appending(path: "\(backup)/\(file)")
          try manager.createDirectory(at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)
          if manager.fileExists(atPath: saved.path) { try manager.removeItem(at: saved) }
          try manager.copyItem(at: current, to: saved)
          savedAny = true
        }
      }
      for (file, data) in contents {
        let url = workbook.root.appending(path: file)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
      }
    } catch {
      throw .infrastructure("could not rewrite your files (the backup is in \(backup)): \(error.localizedDescription)")
    }
    return Change(files: contents.keys.sorted(), backup: savedAny ? backup : nil)
  }
}
