import Foundation

/// Writes a student copy of the workbook: everything but the solutions.
///
/// Solutions/ holds the solutions, the reference tests and the chaffs, so it
/// is left out whole. In the student copy, tasks where the learner writes
/// tests say that the instructor grades them (`grade class`), since their
/// wheat and chaffs live in Solutions/.
public enum Release {
  /// Copies the workbook at `root` into `destination`, which must not exist or be empty.
  /// Returns how many files were written.
  @discardableResult
  public static func write(from root: URL, to destination: URL, runner: ProcessRunner = ProcessRunner()) throws(GradeError) -> Int {
    let manager = FileManager.default
    if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
      throw .usage("\(destination.path) is not empty; choose a new folder so nothing in it is overwritten")
    }
    // The files git tracks are the workbook; build folders and local state are not.
    let listing = try runner.run(["git", "-C", root.path, "ls-files", "-z"], until: .now + .seconds(60))
    guard listing.succeeded else {
      throw .infrastructure("grade release copies the files git tracks, and git ls-files failed: \(listing.output.prefix(300))")
    }
    let files = listing.output.split(separator: "\0").map(String.init).filter { !$0.hasPrefix("Solutions/") && !$0.isEmpty }
    do {
      for file in files {
        let target = destination.appending(path: file)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: root.appending(path: file), to: target)
      }
    } catch {
      throw .infrastructure("cannot write the student copy to \(destination.path): \(error.localizedDescription)")
    }
    return files.count
  }
}
