import GradeBox
import GradeCatalog

/// One command of the grader, such as `grade hint`: how usage shows it, how it is made from
/// the command line, and what it does.
///
/// A command is a value holding what the command line asked for. `Commands.parse` finds its
/// type in `Commands.all` by the command's word, checks each option against `usage.options`,
/// and makes it with `parse(_:_:)`; `App.run` then calls `run(_:)`. To add a command, write
/// a type that conforms, in a file of its own in `Commands/` (`ListCommand` is the smallest
/// to copy), and add it to `Commands.all` where usage should list it.
protocol GradeCommand: Equatable, Sendable {
  /// The command's word, the words after it, what it does, for whom, and the options it takes.
  static var usage: CommandUsage { get }

  /// What the command is for, which decides the systems it runs on (`HostPlatform.refusal(on:for:command:)`):
  /// a learner's loop unless the command says otherwise.
  static var use: HostPlatform.Use { get }

  /// Makes the command from the words after its word and what its options set, or throws a
  /// usage error that says what it takes.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> Self

  /// Does what the command asks, printing through `app`, and returns the exit status (`App.Exit`).
  func run(_ app: App) throws(GradeError) -> Int32
}

extension GradeCommand {
  /// `.learning`: a command runs where a learner grades (Linux and macOS) unless it says otherwise.
  static var use: HostPlatform.Use { .learning }
}
