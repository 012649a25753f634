import GradeBox
import GradeCatalog

/// `grade help [COMMAND]`: the usage of every command, or of one.
struct HelpCommand: GradeCommand {
  /// How usage shows `grade help`, and the options it takes.
  static let usage = CommandUsage(name: "help", arguments: "[COMMAND]", summary: "this text, or one command's", audience: .learners, options: [])

  /// Help runs anywhere, since it reads and runs nothing.
  static var use: HostPlatform.Use { .anywhere }

  /// The command whose usage to print, by its word; `nil` for every command's.
  var command: String?

  /// Takes the word of the command to describe, if any.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> HelpCommand {
    HelpCommand(command: words.first)
  }

  /// Prints the usage, or says there is no such command.
  func run(_ app: App) throws(GradeError) -> Int32 {
    guard let command else {
      app.write(Commands.usage)
      return App.Exit.passed
    }
    guard let usage = Commands.usage(of: command) else {
      app.writeError("grade: there is no command \(command). See `swift run grade --help`.")
      return App.Exit.error
    }
    app.write(usage)
    return App.Exit.passed
  }
}
