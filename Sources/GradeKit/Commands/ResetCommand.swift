import Foundation
import GradeCatalog

/// `grade reset LESSON [TASK]`: the starter put back over your files of a lesson or task, after a backup.
struct ResetCommand: GradeCommand {
  /// The lesson, as named on the command line.
  var name: String
  /// The one task whose files to reset; `nil` for the whole lesson.
  var task: Int?

  /// Puts the starter back and says which files it rewrote and where the old ones went.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    guard let lesson = try app.resolve([name], in: workbook).first else { return App.Exit.error }
    app.tell(try LearnerFiles(workbook: workbook).reset(lesson, task: task), heading: "Put the starter back in:")
    return App.Exit.passed
  }
}
