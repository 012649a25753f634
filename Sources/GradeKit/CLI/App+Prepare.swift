import Foundation
import GradeCatalog

/// `grade prepare`: every variant of the lessons named built ahead of their first grade.
extension App {
  /// Prepares the lessons `names` (every lesson when none), or says another preparation is at it.
  func prepare(_ names: [String], workbook: Workbook) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let prepared = Preparation(workbook: workbook, grader: grader(workbook, Command.Options())).run(lessons, progress: writeError)
    write(prepared ? "Prepared \(lessons.count == 1 ? "lesson \(lessons[0].number)" : "\(lessons.count) lessons"): each first grade is now as fast as the next."
      : "Another grade prepare is running in this workbook; it prepares the lessons ahead.")
    return Exit.passed
  }
}
