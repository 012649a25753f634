import Foundation
import GradeCatalog

/// `grade autograde ROOT [LESSON ...]`: grades one Gradescope submission into its `results/results.json`.
struct AutogradeCommand: GradeCommand {
  /// The autograder's folder, `/autograder` on Gradescope, holding `submission/` and `results/`.
  var root: String
  /// The lessons to grade, as named on the command line; none for every lesson.
  var names: [String]
  /// How to grade, and the points (`--points`; the exported points file without it).
  var options: Command.Options

  /// Grades the submission; the results file is written even when the submission is broken.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let lessons = try app.resolve(names, in: workbook)
    // The export copies the instructor's points file into the workbook under this name.
    let exported = GradescopeAutograder.pointsFile
    let points = try app.points(
      options.points ?? (FileManager.default.fileExists(atPath: workbook.root.appending(path: exported).path) ? workbook.root.appending(path: exported).path : nil),
      in: workbook)
    var grader = app.grader(workbook, options, state: GradescopeAutograder.stateFolder(for: workbook))
    grader.progress = app.writeError
    if let notice = grader.isolation.notice { app.writeError("grade: \(notice)") }
    let folder = app.url(root)
    let handedIn = try GradescopeAutograder.grade(root: folder, lessons: lessons, grader: grader, points: points)
    let results = folder.appending(path: "results/results.json").path
    guard handedIn else {
      app.writeError("grade: there is no submission folder in \(folder.path); \(results) says so.")
      return App.Exit.error
    }
    app.writeError("Wrote \(results).")
    return App.Exit.passed
  }
}
