import Foundation
import GradeCatalog

/// `grade reset`, `grade solve` and `grade solve --into`: the learner's files changed only when asked, after a backup.
extension App {
  /// Puts the starter (`reset`) or the solution back into the learner's files of a lesson, or of one task.
  func change(_ name: String, task: Int?, reset: Bool, workbook: Workbook) throws(GradeError) -> Int32 {
    guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
    let files = LearnerFiles(workbook: workbook)
    let change = reset ? try files.reset(lesson, task: task) : try files.solve(lesson, task: task)
    write((reset ? "Put the starter back in:" : "Copied the solution into:") + "\n" + change.files.map { "  " + $0 }.joined(separator: "\n"))
    write(change.backup.map { "Your previous versions are in \($0)/." } ?? "There were no previous versions to keep.")
    return Exit.passed
  }

  /// Writes a copy of the workbook to `destination` with a lesson solved through `task`, leaving the checkout untouched.
  func solve(_ name: String, through task: Int, into destination: String, workbook: Workbook) throws(GradeError) -> Int32 {
    guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
    let target = url(destination)
    try ScratchCopy.write(workbook, lesson: lesson, solvedThrough: task, to: target)
    writeError("Wrote a copy of the workbook to \(target.path) with lesson \(lesson.number), \(task == 1 ? "task 1" : "tasks 1 to \(task)") solved; your checkout is untouched.")
    writeError("In it: cd \(target.path) && swift run grade \(lesson.number)")
    return Exit.passed
  }
}
