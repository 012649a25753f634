import Foundation
import GradeBox
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
  /// The system the grader runs on: on macOS grades that count stop at once; elsewhere but Linux, every command but help.
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
      let command = try Commands.parse(arguments)
      let kind = type(of: command)
      if let refusal = HostPlatform.refusal(on: platform, for: kind.use, command: kind.usage.name) {
        writeError(refusal)
        return Exit.error
      }
      // A box asked for that this system cannot make stops the command before anything is graded.
      if kind.use != .anywhere, case .failure(let refused) = BoxKind.chosen(on: platform, environment: environment, for: kind.use) {
        writeError("grade: \(refused.message)")
        return Exit.error
      }
      return try command.run(self)
    } catch {
      writeError("grade: \(error.message)")
      return Exit.error
    }
  }
}
