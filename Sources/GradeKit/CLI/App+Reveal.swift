import Foundation
import GradeCatalog

/// `grade reveal`: the solution, compared with your own code, once a lesson is done.
extension App {
  /// Grades the lesson (from the cache when nothing changed) and, if every task passes,
  /// prints the diff from each of your files to the solution's.
  func reveal(_ name: String, options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
    let solution = workbook.solutionFolder(of: lesson)
    guard FileManager.default.fileExists(atPath: solution.path) else {
      write("This copy of the workbook holds no solutions (your instructor keeps them), so there is nothing to reveal. Your own files are the answer that passed.")
      return Exit.failed
    }
    // An untouched lesson fails every task: no need to build it to say so.
    if StarterFingerprints.recorded(in: workbook).isUntouched(lesson, in: workbook) {
      write("Lesson \(lesson.number) is not started: its files are as handed out. The solution is shown once every task passes; start with \(WorkbookPath.readme(lesson)).")
      return Exit.failed
    }
    let result = grader(workbook, options).grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true)
    guard result.passed else {
      write("Lesson \(lesson.number) is not done yet: \(result.passedCount) of \(lesson.tasks.count) tasks pass. The solution is shown once every task passes, so it cannot spoil one you are still working on; swift run grade hint \(lesson.number) helps meanwhile.")
      return Exit.failed
    }
    write("Lesson \(lesson.number) is done. Your files, compared with the solution's (- yours, + the solution's):")
    write(try solutionDiff(lesson, task: nil, workbook: workbook))
    return Exit.passed
  }
}
