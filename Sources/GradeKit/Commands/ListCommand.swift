import GradeCatalog

/// `grade list`: the lessons in order.
struct ListCommand: GradeCommand {
  /// Prints every lesson's number, slug and title.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    app.write(app.lessonList(workbook))
    return App.Exit.passed
  }
}
