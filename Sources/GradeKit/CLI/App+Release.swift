import Foundation
import GradeCatalog

/// `grade release`: a student copy, its variants compiled with no source.
extension App {
  /// Writes the student copy to `destination` (with GitHub Classroom's workflow when asked) and says what it holds.
  func release(to destination: String, classroom: Bool, pointsFile: String?, workbook: Workbook) throws(GradeError) -> Int32 {
    let target = url(destination)
    let points = try self.points(pointsFile, in: workbook)
    let summary = try Release.write(with: grader(workbook, Command.Options()), to: target, classroom: classroom, points: points)
    if summary.files > 0 {
      writeError("Wrote a student copy of \(summary.files) files to \(target.path), without Solutions/.")
    }
    writeError("Compiled \(summary.variants) correct and buggy versions of the code for \(ReleasedVariants.platform) into \(ReleasedVariants.folderName)/\(summary.target)/, with no source: students get feedback on the tests they write.")
    if classroom {
      writeError("Wrote \(ClassroomWorkflow.path): on each push, GitHub Classroom runs swift run grade N --task K for every task and shows its points. Students can edit it; grade hand-ins with swift run grade class, which reads only the files they own.")
    }
    writeError("Students on another platform or toolchain are told their instructor grades those tasks; run grade release there into the same folder to add it. Grade hand-ins with swift run grade class in this copy, which has Solutions/.")
    return Exit.passed
  }
}
