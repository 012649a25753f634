import Foundation

/// `grade export gradescope` and `grade autograde`: grading on Gradescope.
extension App {
  /// Writes the autograder folder and says how to upload it.
  func exportGradescope(to destination: String, _ names: [String], points: String?, workbook: Workbook) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    // The points are read now, so a mistake in them is found here, not in Gradescope.
    if let points { _ = try Points.read(url(points), catalog: workbook.catalog) }
    let target = url(destination)
    let copied = try GradescopeAutograder.write(workbook, lessons: lessons, to: target, runner: ProcessRunner())
    if let points {
      do {
        try FileManager.default.copyItem(at: url(points), to: target.appending(path: "workbook/.grade-points.json"))
      } catch {
        throw .infrastructure("cannot copy \(points) into the autograder: \(error.localizedDescription)")
      }
    }
    write("Wrote a Gradescope autograder to \(target.path): setup.sh, run_autograder and the workbook (\(copied) files, solutions included; Gradescope never shows them to students).")
    write("Upload it: cd \(target.path) && zip -r ../autograder.zip . — then choose Ubuntu 22.04 or 24.04 in Gradescope and upload autograder.zip. README.md there says more.")
    return Exit.passed
  }

  /// Grades one Gradescope submission; the results file is written even when the submission is broken.
  func autograde(root: String, _ names: [String], options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let pointsFile = options.points.map(url) ?? workbook.root.appending(path: ".grade-points.json")
    let points = FileManager.default.fileExists(atPath: pointsFile.path) ? try Points.read(pointsFile, catalog: workbook.catalog) : Points()
    let base = grader(workbook, options)
    var grader = Grader(
      workbook: workbook, state: GradescopeAutograder.stateFolder(for: workbook), limits: base.limits, useCache: options.useCache,
      isolation: base.isolation)
    grader.threadSanitizer = options.threadSanitizer
    grader.progress = writeError
    if let notice = grader.isolation.notice { writeError("grade: \(notice)") }
    let folder = url(root)
    if let error = GradescopeAutograder.grade(root: folder, lessons: lessons, grader: grader, points: points) {
      throw error
    }
    let results = folder.appending(path: "results/results.json").path
    guard ClassGrader.isRealFolder(folder.appending(path: "submission")) else {
      writeError("grade: there is no submission folder in \(folder.path); \(results) says so.")
      return Exit.error
    }
    write("Wrote \(results).")
    return Exit.passed
  }
}
