import GradeCatalog

/// `grade help [COMMAND]`: the usage of every command, or of one.
struct HelpCommand: GradeCommand {
  /// The command whose usage to print, by its word; `nil` for every command's.
  var command: String?

  /// Prints the usage, or says there is no such command.
  func run(_ app: App) throws(GradeError) -> Int32 {
    guard let command else {
      app.write(Command.usage)
      return App.Exit.passed
    }
    guard let usage = Command.usage(of: command) else {
      app.writeError("grade: there is no command \(command). See `swift run grade --help`.")
      return App.Exit.error
    }
    app.write(usage)
    return App.Exit.passed
  }
}
