import GradeCatalog

/// One command of the grader, such as `grade hint`: what the command line asked for, as a value that runs itself.
protocol GradeCommand: Equatable, Sendable {
  /// Does what the command asks, printing through `app`, and returns the exit status (`App.Exit`).
  func run(_ app: App) throws(GradeError) -> Int32
}
