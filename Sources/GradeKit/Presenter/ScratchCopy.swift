import Foundation
import GradeCatalog
import GradeProcesses

/// A copy of the workbook with one lesson solved up to a task, so a presenter can jump to any point.
///
/// The copy is made of the files git tracks, so it holds no build folder; the
/// presenter's own checkout is never written to.
public enum ScratchCopy {
  /// Writes the copy into `destination`, which must be new or empty.
  public static func write(_ workbook: Workbook, lesson: Lesson, solvedThrough task: Int, to destination: URL) throws(GradeError) {
    guard (1...lesson.tasks.count).contains(task) else {
      throw .usage("lesson \(lesson.number) has tasks 1 to \(lesson.tasks.count), not \(task)")
    }
    let manager = FileManager.default
    if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
      throw .usage("\(destination.path) is not empty; choose a new folder so nothing in it is overwritten")
    }
    try TrackedFiles.copy(from: workbook.root, to: destination, runner: ProcessRunner())
    do {
      for solved in lesson.tasks where solved.number <= task {
        for file in solved.files {
          let target = WorkbookPath.file(file, of: lesson).url(in: destination)
          try? manager.removeItem(at: target)
          try manager.copyItem(at: workbook.solutionFolder(of: lesson).appending(path: file), to: target)
        }
      }
    } catch {
      throw .infrastructure("cannot write the copy to \(destination.path): \(error.localizedDescription)")
    }
  }
}
