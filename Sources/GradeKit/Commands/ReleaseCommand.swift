import Foundation
import GradeBuild
import GradeBox
import GradeCatalog
import GradeResults

/// `grade release DIR`: a student copy, its variants compiled with no source.
struct ReleaseCommand: GradeCommand {
  /// How usage shows `grade release`, and the options it takes.
  static let usage = CommandUsage(
    name: "release", arguments: "DIR",
    summary: "write a student copy without Solutions/ into DIR; with --classroom, a workflow that grades each push for GitHub Classroom",
    audience: .instructors, options: ["--classroom", "--points"])

  /// A student copy's workflow makes grades that count, so a copy is made on Linux only.
  static var use: HostPlatform.Use { .gradesCount }

  /// The folder to write the student copy into.
  var destination: String
  /// Whether to add the GitHub Classroom workflow (`--classroom`).
  var classroom: Bool
  /// The points file the workflow's points come from (`--points`); one point a task without it.
  var pointsFile: String?

  /// Takes the folder to write; `--points` only with `--classroom`.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> ReleaseCommand {
    guard words.count == 1 else { throw .usage("say where to write the student copy: swift run grade release DESTINATION") }
    if parsed.options.points != nil, !parsed.classroom { throw .usage("--points sets the workflow's points; add --classroom") }
    return ReleaseCommand(destination: words[0], classroom: parsed.classroom, pointsFile: parsed.options.points)
  }

  /// Writes the student copy (with GitHub Classroom's workflow when asked) and says what it holds.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let target = app.url(destination)
    let points = try app.points(pointsFile, in: workbook)
    let summary = try Release.write(with: app.grader(workbook, Commands.Options()), to: target, classroom: classroom, points: points)
    if summary.files > 0 {
      app.writeError("Wrote a student copy of \(Count.words(summary.files, "file")) to \(target.path), without Solutions/.")
    }
    app.writeError("Compiled \(summary.variants) correct and buggy versions of the code for \(ReleasedVariants.platform) into \(ReleasedVariants.folderName)/\(summary.target)/, with no source: students get feedback on the tests they write.")
    if classroom {
      app.writeError("Wrote \(ClassroomWorkflow.path): on each push, GitHub Classroom runs swift run grade N --task K for every task and shows its points. Students can edit it; grade hand-ins with swift run grade class, which reads only the files they own.")
    }
    app.writeError("Students on another platform or toolchain are told their instructor grades those tasks; run grade release there into the same folder to add it. Grade hand-ins with swift run grade class in this copy, which has Solutions/.")
    return App.Exit.passed
  }
}
