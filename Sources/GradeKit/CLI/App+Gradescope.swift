import Foundation
import GradeCatalog
import GradeProcesses

/// `grade export gradescope` and `grade autograde`: grading on Gradescope.
extension App {
  /// Writes the autograder folder and says how to upload it.
  func exportGradescope(to destination: String, _ names: [String], points: String?, workbook: Workbook) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    // The points are read now, so a mistake in them is found here, not in Gradescope.
    _ = try self.points(points, in: workbook)
    let target = url(destination)
    let copied = try GradescopeAutograder.write(workbook, lessons: lessons, to: target, runner: ProcessRunner())
    if let points {
      do {
        try FileManager.default.copyItem(at: url(points), to: target.appending(path: "workbook/\(GradescopeAutograder.pointsFile)"))
      } catch {
        throw .infrastructure("cannot copy \(points) into the autograder: \(error.localizedDescription)")
      }
    }
    writeError("Wrote a Gradescope autograder to \(target.path): setup.sh, run_autograder and the workbook (\(copied) files, solutions included; Gradescope never shows them to students).")
    writeError("Upload it: cd \(target.path) && zip -r ../autograder.zip . — then choose Ubuntu 22.04 or 24.04 in Gradescope and upload autograder.zip. README.md there says more.")
    return Exit.passed
  }

  /// Grades one Gradescope submission; the results file is written even when the submission is broken.
  func autograde(root: String, _ names: [String], options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    // The export copies the instructor's points file into the workbook under this name.
    let exported = GradescopeAutograder.pointsFile
    let points = try self.points(
      options.points ?? (FileManager.default.fileExists(atPath: workbook.root.appending(path: exported).path) ? workbook.root.appending(path: exported).path : nil),
      in: workbook)
    var grader = grader(workbook, options, state: GradescopeAutograder.stateFolder(for: workbook))
    grader.progress = writeError
    if let notice = grader.isolation.notice { writeError("grade: \(notice)") }
    let folder = url(root)
    let handedIn = try GradescopeAutograder.grade(root: folder, lessons: lessons, grader: grader, points: points)
    let results = folder.appending(path: "results/results.json").path
    guard handedIn else {
      writeError("grade: there is no submission folder in \(folder.path); \(results) says so.")
      return Exit.error
    }
    writeError("Wrote \(results).")
    return Exit.passed
  }
}
