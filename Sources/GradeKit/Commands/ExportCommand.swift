import Foundation
import GradeCatalog
import GradeResults
import GradeProcesses

/// `grade export gradescope DIR [LESSON ...]`: a Gradescope autograder for the lessons.
struct ExportCommand: GradeCommand {
  /// How usage shows `grade export`, and the options it takes.
  static let usage = CommandUsage(
    name: "export", arguments: "gradescope DIR [LESSON ...]",
    summary: "write a Gradescope autograder into DIR (zip its contents and upload): setup.sh installs Swift and builds every lesson once, run_autograder grades each submission",
    audience: .instructors, options: ["--points"])

  /// The folder to write the autograder into.
  var destination: String
  /// The lessons it grades, as named on the command line; none for every lesson.
  var names: [String]
  /// The points file to grade with (`--points`); one point a task without it.
  var pointsFile: String?

  /// Takes `gradescope`, the folder to write, then any lessons.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> ExportCommand {
    guard words.first == "gradescope", words.count >= 2 else {
      throw .usage("say which platform and where: swift run grade export gradescope DIR [LESSON ...]")
    }
    return ExportCommand(destination: words[1], names: Array(words.dropFirst(2)), pointsFile: parsed.options.points)
  }

  /// Writes the autograder folder and says how to upload it.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let lessons = try app.resolve(names, in: workbook)
    // The points are read now, so a mistake in them is found here, not in Gradescope.
    _ = try app.points(pointsFile, in: workbook)
    let target = app.url(destination)
    let copied = try GradescopeAutograder.write(workbook, lessons: lessons, to: target, spawner: Spawner())
    if let pointsFile {
      do {
        try FileManager.default.copyItem(at: app.url(pointsFile), to: target.appending(path: "workbook/\(GradescopeAutograder.pointsFile)"))
      } catch {
        throw .infrastructure("cannot copy \(pointsFile) into the autograder: \(error.localizedDescription)")
      }
    }
    app.writeError("Wrote a Gradescope autograder to \(target.path): setup.sh, run_autograder and the workbook (\(Count.words(copied, "file")), solutions included; Gradescope never shows them to students).")
    app.writeError("Upload it: cd \(target.path) && zip -r ../autograder.zip . — then choose Ubuntu 22.04 or 24.04 in Gradescope and upload autograder.zip. README.md there says more.")
    return App.Exit.passed
  }
}
