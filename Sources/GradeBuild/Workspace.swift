import Foundation
import GradeBox
import GradeCatalog

/// A lesson's workspace on disk: the plan's sources copied in, compiled once, then run per job in a box.
///
/// Layout, under `root`:
/// - `src/module`, `src/canonical-tests`, `src/task-N`: the sources, copies only
/// - `build/misuses` (`build-tsan/…` for ThreadSanitizer): what the compiler said of each misuse
/// - `runs/`: one scratch folder per run of a program, removed after it
///
/// Modules, tests libraries and programs are built into `StateFolder.builds`, and variants
/// into `StateFolder.variants`, each in a folder named by a hash of its inputs, so every
/// workspace shares what it has in common with another.
///
/// Its builds are in `Workspace+Build.swift` (they give a `Built`); its runs, crashes named one
/// by one, in `Workspace+Run.swift` in the next stage, `Sources/GradeRun`.
public struct Workspace: Sendable {
  /// The workspace's folder, kept between runs so unchanged parts are not compiled again.
  public var root: URL
  /// What the workspace holds.
  public var plan: WorkspacePlan
  /// Compiles the parts.
  public var compiler: Compiler
  /// Runs the test binaries.
  public var box: Box
  /// Where built variants are shared.
  public var state: StateFolder
  /// Told about slow steps, such as compiling variants the first time.
  public var progress: @Sendable (String) -> Void = { _ in }
  /// Called before each compile a build starts: a background preparation waits there while
  /// the learner's own grading runs (`Preparation`).
  public var pause: @Sendable () -> Void = {}

  /// Creates a workspace at `root` for `plan`.
  public init(root: URL, plan: WorkspacePlan, compiler: Compiler, box: Box, state: StateFolder) {
    self.root = root
    self.plan = plan
    var compiler = compiler
    compiler.moduleFlags = plan.lesson.moduleFlags
    compiler.testFlags = plan.lesson.testFlags
    self.compiler = compiler
    self.box = box
    self.state = state
  }

  /// A part of the workspace that compiles on its own.
  public enum Part: Hashable, Sendable {
    /// The learner's module.
    case module
    /// The canonical tests, against the learner's module.
    case canonicalTests
    /// The learner's tests of one write-tests task, against its wheat.
    case task(Int)
    /// The misuses of compiler-graded tasks, each compiled alone.
    case misuses

    /// The part's folder name under `src/`.
    var folderName: String {
      switch self {
      case .module: "module"
      case .canonicalTests: "canonical-tests"
      case .task(let number): "task-\(number)"
      case .misuses: "misuses"
      }
    }
  }

  func sourceFolder(_ part: Part) -> URL { root.appending(path: "src/\(part.folderName)") }
  func buildFolder(_ part: Part) -> URL {
    root.appending(path: "\(compiler.threadSanitizer ? "build-tsan" : "build")/\(part.folderName)")
  }

  /// The sources of a part as compiled.
  func sources(of part: Part) -> WorkspacePlan.Sources {
    switch part {
    case .module: plan.module
    case .misuses: plan.misuses
    case .canonicalTests: plan.canonicalTests
    case .task(let number): plan.learnerTests[number] ?? WorkspacePlan.Sources()
    }
  }

  /// Writes every part's sources, touching only the files that changed.
  public func sync(_ parts: [Part]) throws(GradeError) {
    var files: [String: Data] = [:]
    for part in parts {
      for (name, data) in sources(of: part).files { files["\(part.folderName)/\(name)"] = data }
    }
    try FileSync.sync(files, into: root.appending(path: "src"))
  }
}
