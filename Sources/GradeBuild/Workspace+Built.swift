import Foundation
import GradeCatalog
import GradePolicy
import GradeResults

extension Workspace {
  /// What building the workspace gave.
  public struct Built: Sendable {
    /// The plan it was built from: what the grading compiled, from where, and what it could
    /// not grade. Set by `Workspace.build`.
    public var plan: WorkspacePlan?
    /// Compile errors by part, in the learner's terms.
    public var errors: [Part: [Diagnostic]] = [:]
    /// Parts that could not be built for a reason that is not the learner's, as facts Feedback words.
    public var failures: [Part: GradingProblem] = [:]
    /// The built program folder of each variant of each write-tests task.
    public var variantFolders: [VariantID: URL] = [:]
    /// The folder of the program that runs the canonical tests against the learner's library.
    public var runnerFolder: URL?
    /// The folder of the learner's built module: Swift 6 mode's, or Swift 5 mode's when only that compiled.
    public var moduleFolder: URL?
    /// Everything the compiler said of the learner's module in Swift 6 mode, warnings too,
    /// for a lesson with compiler-graded tasks.
    public var swift6Diagnostics: [Diagnostic] = []
    /// What the compiler said of each misuse, by file name.
    package var misuseMessages: [String: [SerializedDiagnostics.Message]] = [:]
    /// The folder of each part's tests library.
    public var testLibraries: [Part: URL] = [:]
    /// Every warning the compiler gave in each part, for the rules on what learner files may hold.
    public var warnings: [Part: [Diagnostic]] = [:]
    /// What each part's learner files hold that the rules refuse, or that could not be read.
    package var surveys: [Part: SourceSurvey.Findings] = [:]
    /// The learner's files, by name, that the built module holds as handed out instead: each
    /// did not compile or was refused, and the lesson's other tasks are graded without it.
    public var substitutes: Set<String> = []
    /// The compile of the module as the learner wrote it.
    var moduleResult: Compiler.Result?
    /// The folder of the module as the learner wrote it, when it compiled: what a misuse is checked against.
    var ownModuleFolder: URL? { moduleResult.flatMap { $0.succeeded ? $0.folder : nil } }

    /// A part's tests library, when it was built.
    public func testsLibrary(_ part: Part) -> URL? { testLibraries[part]?.appending(path: RunnerProgram.testsLibrary) }

    /// The program that runs the canonical tests against the learner's library.
    public var runner: URL? { runnerFolder?.appending(path: Compiler.programName) }

    /// The program that runs a write-tests task's tests against one of its variants.
    public func program(for variant: VariantID) -> URL? {
      variantFolders[variant]?.appending(path: Compiler.programName)
    }

    /// The kept mutants of write-tests task `task` that were built, in the order of their numbers.
    package func mutants(of task: Int) -> [VariantID] {
      variantFolders.keys.filter { $0.task == task && $0.mutantNumber > 0 }.sorted { $0.mutantNumber < $1.mutantNumber }
    }

    /// Whether a part and everything it needs built: the module counts as built when it was, as
    /// the learner wrote it or with some of their files as handed out. A task whose files the
    /// rules refuse is never usable: refused code does not run.
    public func usable(_ part: Part) -> Bool {
      switch part {
      case .module: moduleFolder != nil && failures[.module] == nil
      case .canonicalTests: usable(.module) && errors[.canonicalTests] == nil && failures[.canonicalTests] == nil
      default:
        errors[part] == nil && failures[part] == nil
          && (surveys[part].map { !$0.refusals.contains(where: \.blocksRunning) && $0.unread.isEmpty } ?? true)
      }
    }
  }
}
