import Foundation

/// Where the grader keeps what it builds and what it can make again: workspaces, builds,
/// variants, job and lesson results. The one place those paths are made.
///
/// A learner's is `.build/grade` in their workbook, so cleaning the build clears it; a
/// class grading's lives outside the instructor's workbook, so no student's run can reach
/// it. What is the learner's own and must outlive a clean (backups, hints seen, the lesson
/// they work on) is in `LearnerState`. What is made from the toolchain and the grader's own
/// files alone is in `shared`, which every state folder of one grader uses.
public struct StateFolder: Sendable, Equatable {
  /// The folder everything else is in.
  public var root: URL
  /// The folder this state folder shares with every other of the same grader: Clang's module
  /// cache, the runner's objects, the box's launcher and the runtime's function names.
  ///
  /// Nothing in it is made from a learner's file, so a class, a learner's own grading and
  /// `grade check` can share it: each fresh state folder would otherwise warm its own module
  /// cache and compile the runner again, about 2 s of CPU before its first lesson.
  public var shared: URL

  /// Creates a state folder at `root` that shares `shared`, by default `graderShared` when the
  /// grader can write there, else its own root.
  public init(root: URL, shared: URL? = nil) {
    self.root = root
    self.shared = shared ?? Self.graderShared ?? root
  }

  /// `.build/grade-shared` in the package this grader was built from, beside the runner's and
  /// the launcher's sources that `RunnerProgram` and `Launcher` find there too; `nil` when it
  /// cannot be written.
  public static let graderShared: URL? = {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = package.appending(path: ".build/grade-shared")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return access(folder.path, W_OK) == 0 ? folder : nil
  }()

  /// Every workspace, each in `<name>/<lesson folder>`.
  public var workspaces: URL { root.appending(path: "workspaces") }

  /// An empty file whose modification time says when a grader last tidied this state
  /// (`Grader.tidyingDue`).
  public var tidied: URL { root.appending(path: "tidied") }

  /// What earlier graders kept in place of `workspaces`, removed when a grader starts.
  public var retired: [URL] { [root.appending(path: "sandboxes")] }

  /// The workspace of `lesson` named `name` (`learner`, `check-solution`, a student's, ...).
  public func workspace(_ name: String, of lesson: Lesson) -> URL {
    workspaces.appending(path: "\(name)/\(lesson.folder)")
  }

  /// Where a workspace keeps the result of its last grading.
  public func result(_ name: String, of lesson: Lesson) -> URL {
    workspace(name, of: lesson).appending(path: "result.json")
  }

  /// Built variants (the wheat and chaffs of write-tests tasks), each in a folder named by
  /// a hash of its sources, built once and shared by every workspace.
  public var variants: URL { root.appending(path: "variants") }

  /// Compiled modules and test binaries, each in a folder named by a hash of its inputs,
  /// shared by every workspace: learners who hand in the same files share a build.
  public var builds: URL { root.appending(path: "builds") }

  /// Results of test runs, each keyed by its binary, library, arguments and limits, shared likewise.
  public var jobs: URL { root.appending(path: "jobs") }

  /// Clang's module cache, shared by every compile.
  public var moduleCache: URL { shared.appending(path: "module-cache") }

  /// The runner's objects, each in a folder named by a hash of its inputs (`Compiler.runnerStore`).
  public var runnerBuilds: URL { shared.appending(path: "builds") }

  /// The workspace `grade check-setup` builds and runs its probe in.
  public var checkSetup: URL { root.appending(path: "check-setup") }

  /// Held, shared, by every grading a learner is waiting for: a preparation pauses while any does.
  public var foregroundLock: URL { root.appending(path: "foreground.lock") }

  /// Held by the one `grade prepare` that runs at a time.
  public var prepareLock: URL { root.appending(path: "prepare.lock") }

  /// The C functions the Swift runtime offers compiled code, read from the compiler once (`MachineCodeRules`).
  public var runtimeFunctions: URL { shared.appending(path: "runtime-functions.txt") }

  /// The toolchain's version, with the compiler file it was read from.
  public var toolchain: URL { root.appending(path: "toolchain.txt") }

  /// A random secret of this state folder's, made on first use, that every variant built here
  /// is padded with (`VariantBuild.salt`): variants built in another state folder differ in
  /// their bytes from the ones built here.
  public var secret: String {
    let file = root.appending(path: "secret")
    if let known = try? String(contentsOf: file, encoding: .utf8), known.count == 32 { return known }
    var generator = SystemRandomNumberGenerator()
    let made = (0..<2).map { _ -> String in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    // Written whole or not at all, so two gradings starting together agree on one secret.
    if !FileManager.default.fileExists(atPath: file.path) {
      let scratch = root.appending(path: "secret-\(UUID().uuidString)")
      try? Data(made.utf8).write(to: scratch)
      // A hard link is made whole or fails when the name exists: the first grading's secret wins.
      _ = try? FileManager.default.linkItem(at: scratch, to: file)
      try? FileManager.default.removeItem(at: scratch)
    }
    return (try? String(contentsOf: file, encoding: .utf8)).flatMap { $0.count == 32 ? $0 : nil } ?? made
  }
}
