import Foundation
import GradeCatalog
import GradeProcesses

/// A copy of the workbook with lessons solved up to a task, so a presenter can jump to any point,
/// or an instructor can make a class of solved and partly solved hand-ins.
///
/// The copy is made of the files git tracks, so it holds no build folder; the
/// presenter's own checkout is never written to.
public enum ScratchCopy {
  /// Writes the copy into `destination`, which must be new or empty, with each lesson of `solved`
  /// solved through its task.
  public static func write(_ workbook: Workbook, solved: [(lesson: Lesson, through: Int)], to destination: URL) throws(GradeError) {
    for (lesson, task) in solved where !(1...lesson.tasks.count).contains(task) {
      throw .usage("lesson \(lesson.number) has tasks 1 to \(lesson.tasks.count), not \(task)")
    }
    let manager = FileManager.default
    if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
      throw .usage("\(destination.path) is not empty; choose a new folder so nothing in it is overwritten")
    }
    try TrackedFiles.copy(from: workbook.root, to: destination, spawner: Spawner())
    do {
      for (lesson, task) in solved {
        for done in lesson.tasks where done.number <= task {
          for file in done.files {
            let target = WorkbookPath.file(file, of: lesson).url(in: destination)
            try? manager.removeItem(at: target)
            try manager.copyItem(at: workbook.solutionFolder(of: lesson).appending(path: file), to: target)
          }
        }
      }
    } catch {
      throw .infrastructure("cannot write the copy to \(destination.path): \(error.localizedDescription)")
    }
  }

}
