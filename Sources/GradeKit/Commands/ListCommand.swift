import GradeCatalog

/// `grade list`: the lessons in order.
struct ListCommand: GradeCommand {
  /// How usage shows `grade list`, and the options it takes.
  static let usage = CommandUsage(name: "list", arguments: "", summary: "the lessons in order", audience: .learners, options: [])

  /// Takes no words.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> ListCommand {
    guard words.isEmpty else { throw .usage("list takes no lesson: swift run grade list") }
    return ListCommand()
  }

  /// Prints every lesson's number, slug and title.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    app.write(app.lessonList(workbook))
    return App.Exit.passed
  }
}
