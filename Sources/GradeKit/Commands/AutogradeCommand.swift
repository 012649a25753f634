import Foundation
import GradeBox
import GradeCatalog

/// `grade autograde ROOT [LESSON ...]`: grades one Gradescope submission into its `results/results.json`.
struct AutogradeCommand: GradeCommand {
  /// How usage shows `grade autograde`, and the options it takes.
  static let usage = CommandUsage(
    name: "autograde", arguments: "ROOT [LESSON ...]",
    summary: "grade the submission in ROOT/submission into ROOT/results/results.json, as the run_autograder grade export writes does (ROOT is /autograder on Gradescope)",
    audience: .instructors, options: ["--points"] + CommandUsage.grading)

  /// Gradescope's grades count, so they are made on Linux only.
  static var use: HostPlatform.Use { .gradesCount }

  /// The autograder's folder, `/autograder` on Gradescope, holding `submission/` and `results/`.
  var root: String
  /// The lessons to grade, as named on the command line; none for every lesson.
  var names: [String]
  /// How to grade, and the points (`--points`; the exported points file without it).
  var options: Commands.Options

  /// Takes the root, then any lessons.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> AutogradeCommand {
    guard let root = words.first else { throw .usage("say where the submission is: swift run grade autograde /autograder [LESSON ...]") }
    return AutogradeCommand(root: root, names: Array(words.dropFirst()), options: parsed.options)
  }

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
    let results = GradescopeAutograder.resultsFile(in: folder).path
    guard handedIn else {
      app.writeError("grade: there is no submission folder in \(folder.path); \(results) says so.")
      return App.Exit.error
    }
    app.writeError("Wrote \(results).")
    return App.Exit.passed
  }
}
