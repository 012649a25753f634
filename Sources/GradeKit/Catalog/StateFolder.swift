import Foundation

/// Where the grader keeps what it builds and remembers: the one place its paths are made.
///
/// A learner's is `.build/grade` in their workbook; a class grading's lives
/// outside the instructor's workbook, so no student's run can reach it.
public struct StateFolder: Sendable, Equatable {
  /// The folder everything else is in.
  public var root: URL

  /// Creates a state folder at `root`.
  public init(root: URL) {
    self.root = root
  }

  /// The sandbox of `lesson` named `name` (`learner`, `check-solution`, a student's, ...).
  public func sandbox(_ name: String, of lesson: Lesson) -> URL {
    root.appending(path: "sandboxes/\(name)/\(lesson.folder)")
  }

  /// Where a sandbox keeps the result of its last grading.
  public func result(_ name: String, of lesson: Lesson) -> URL {
    sandbox(name, of: lesson).appending(path: "result.json")
  }

  /// Built variants (the wheat and chaffs of write-tests tasks), each in a folder named by
  /// a hash of its sources, built once and shared by every sandbox.
  public var variants: URL { root.appending(path: "variants") }

  /// Compiled modules and test binaries, each in a folder named by a hash of its inputs,
  /// shared by every sandbox: learners who hand in the same files share a build.
  public var builds: URL { root.appending(path: "builds") }

  /// Results of test runs, each keyed by its binary, library, arguments and limits, shared likewise.
  public var jobs: URL { root.appending(path: "jobs") }

  /// Clang's module cache, shared by every compile.
  public var moduleCache: URL { root.appending(path: "module-cache") }

  /// The toolchain's version, with the compiler file it was read from.
  public var toolchain: URL { root.appending(path: "toolchain.txt") }

  /// Which hints a learner has seen.
  public var hints: URL { root.appending(path: "hints.json") }
}
