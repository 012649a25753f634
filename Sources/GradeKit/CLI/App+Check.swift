import Foundation
import GradeCatalog

/// `grade check`: proves the lessons keep their promises.
extension App {
  /// Checks the lessons `names` (every lesson when none) and prints what breaks a promise.
  func check(_ names: [String], options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    var checker = Checker(workbook: workbook, grader: grader(workbook, options), progress: writeError)
    checker.runs = options.runs
    let breaches = checker.run(lessons: try resolve(names, in: workbook))
    write(checker.report(breaches))
    return breaches.isEmpty ? Exit.passed : Exit.failed
  }
}
