import Foundation
import GradeCatalog
import GradeResults

/// The grader's front end: runs one command and returns the exit status.
///
/// Everything it prints goes through `write` and `writeError`, so tests can
/// capture whole runs.
public struct App: Sendable {
  /// Exit statuses.
  public enum Exit {
    /// Every graded lesson passes.
    public static let passed: Int32 = 0
    /// Some graded lesson fails.
    public static let failed: Int32 = 1
    /// The command line was wrong, or a lesson or task could not be graded.
    public static let error: Int32 = 2

    /// The exit status of results with these statuses, by `TaskResult.Status.of(_:)`'s rule.
    static func of(_ statuses: [TaskResult.Status]) -> Int32 {
      switch TaskResult.Status.of(statuses) {
      case .error: error
      case .fail: failed
      case .pass: passed
      }
    }

    /// The exit status of one result.
    static func of(_ status: TaskResult.Status) -> Int32 { of([status]) }
  }

  /// The folder to look for the workbook from.
  public var currentFolder: URL
  /// The environment, for `NO_COLOR`.
  public var environment: [String: String]
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Writes to standard output.
  public var write: @Sendable (String) -> Void
  /// Writes to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Reads a line of standard input, or `nil` at its end; `nil` when input is not a terminal.
  public var readLine: @Sendable () -> String?
  /// The size of the terminal standard output shows on, or `nil` when it is not one.
  public var terminalSize: @Sendable () -> (columns: Int, rows: Int)?
  /// The system the grader runs on: anywhere but Linux, every command but help stops at once.
  public var platform: HostPlatform = .current

  /// Creates an app.
  public init(
    currentFolder: URL, environment: [String: String], outputIsTerminal: Bool,
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String? = { nil },
    terminalSize: @escaping @Sendable () -> (columns: Int, rows: Int)? = { nil }
  ) {
    self.readLine = readLine
    self.terminalSize = terminalSize
    self.currentFolder = currentFolder
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.write = write
    self.writeError = writeError
  }

  /// Runs the command in `arguments` (without the program name).
  public func run(_ arguments: [String]) -> Int32 {
    do {
      let command = try Command.parse(arguments)
      if !command.runsAnywhere, let refusal = HostPlatform.refusal(on: platform) {
        writeError(refusal)
        return Exit.error
      }
      switch command {
      case .help(let name): return try HelpCommand(command: name).run(self)
      case .list: return try ListCommand().run(self)
      case .watch(let name, let options): return try WatchCommand(name: name, options: options).run(self)
      case .hint(let name, let task): return try HintCommand(name: name, task: task).run(self)
      case .grade(let names, let options): return try GradeLessonsCommand(names: names, options: options).run(self)
      case .gradeClass(let submissions, let names, let report, let options):
        return try ClassCommand(submissions: submissions, names: names, report: report, options: options).run(self)
      case .merge(let destination, let sources, let options):
        return try MergeCommand(destination: destination, sources: sources, options: options).run(self)
      case .release(let destination, let classroom, let pointsFile):
        return try ReleaseCommand(destination: destination, classroom: classroom, pointsFile: pointsFile).run(self)
      case .exportGradescope(let destination, let names, let points):
        return try ExportCommand(destination: destination, names: names, pointsFile: points).run(self)
      case .autograde(let root, let names, let options): return try AutogradeCommand(root: root, names: names, options: options).run(self)
      case .reveal(let name, let options): return try RevealCommand(name: name, options: options).run(self)
      case .checkSetup: return try CheckSetupCommand().run(self)
      case .prepare(let names): return try PrepareCommand(names: names).run(self)
      case .solveInto(let name, let task, let destination):
        return try SolveCommand(name: name, target: .scratchCopy(through: task, folder: destination)).run(self)
      case .present(let name, let step, let plain): return try PresentCommand(name: name, step: step, plain: plain).run(self)
      case .reset(let name, let task): return try ResetCommand(name: name, task: task).run(self)
      case .solve(let name, let task): return try SolveCommand(name: name, target: .learnerFiles(task: task)).run(self)
      case .mutants(let name, let task, let keep, let options):
        return try MutantsCommand(name: name, task: task, keep: keep, options: options).run(self)
      case .check(let names, let options): return try CheckCommand(names: names, options: options).run(self)
      }
    } catch {
      writeError("grade: \(error.message)")
      return Exit.error
    }
  }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
  let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
  return String(decoding: data, as: UTF8.self)
}
