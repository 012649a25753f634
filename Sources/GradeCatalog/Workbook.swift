import Foundation

/// A checkout of the workbook: where its lessons, solutions and canonical tests live.
public struct Workbook: Sendable {
  /// The folder holding `Package.swift` and `Lessons/catalog.json`.
  public var root: URL
  /// The lessons, read from the catalog.
  public var catalog: Catalog

  /// Whether this copy has `Solutions/`: the instructor's has, a released copy has not.
  public var shipsSolutions: Bool { FileManager.default.fileExists(atPath: WorkbookPath.solutions.url(in: root).path) }

  /// Creates a workbook from a root and a catalog already read.
  public init(root: URL, catalog: Catalog) {
    self.root = root
    self.catalog = catalog
  }

  /// Reads the workbook at `root`, or throws a `GradeError` that says what is missing.
  public static func load(at root: URL) throws(GradeError) -> Workbook {
    let catalogURL = WorkbookPath.catalog.url(in: root)
    guard let data = try? Data(contentsOf: catalogURL) else {
      throw .usage(
        "no workbook here: \(catalogURL.path) is missing. Run grade from the workbook's folder (the one with Package.swift).")
    }
    do {
      // A student copy's catalog holds its chaffs' misconceptions sealed (`grade release`).
      return Workbook(root: root, catalog: SealedMisconception.unsealed(try JSONDecoder().decode(Catalog.self, from: data), root: root))
    } catch {
      throw .infrastructure("\(WorkbookPath.catalog) is not a catalog this grader can read: \(describe(error))")
    }
  }

  /// Finds the workbook at or above `start`, the way `git` finds its repository.
  public static func find(from start: URL) -> URL? {
    var folder = start.standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: WorkbookPath.catalog.url(in: folder).path) {
        return folder
      }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }

  /// The starter folder of a lesson, such as `Lessons/01-expect-and-require`.
  public func starterFolder(of lesson: Lesson) -> URL {
    WorkbookPath.lesson(lesson).url(in: root)
  }

  /// The fingerprints of the lessons' starters, which tell an untouched lesson.
  public var starterFingerprintsFile: URL {
    WorkbookPath.starterFingerprints.url(in: root)
  }

  /// The solution folder of a lesson, such as `Solutions/01-expect-and-require`.
  public func solutionFolder(of lesson: Lesson) -> URL {
    WorkbookPath.solution(lesson).url(in: root)
  }

  /// The canonical test folder of a lesson, such as `Tests/ExpectRequireTests`.
  public func canonicalTestFolder(of lesson: Lesson) -> URL {
    WorkbookPath.canonicalTests(lesson).url(in: root)
  }

  /// Where the grader keeps its workspaces and state for this checkout, inside SwiftPM's
  /// own build folder so that nothing it writes is ever committed.
  public var state: StateFolder { StateFolder(root: root.appending(path: ".build/grade")) }

  /// Where the grader keeps the learner's own state: backups, hints seen, the lesson they work on.
  public var learnerState: LearnerState { LearnerState(workbook: root) }
}

/// Describes a decoding error in one line a maintainer can act on.
package func describe(_ error: any Error) -> String {
  switch error {
  case DecodingError.keyNotFound(let key, let context):
    return "missing \"\(key.stringValue)\" at \(path(context))"
  case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
    return "\(context.debugDescription) at \(path(context))"
  case DecodingError.dataCorrupted(let context):
    return "\(context.debugDescription) \(path(context))"
  default:
    return "\(error)"
  }
}

private func path(_ context: DecodingError.Context) -> String {
  context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
}
