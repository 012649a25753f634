import Foundation
import GradeCatalog
import GradeProcesses

/// Copies the files git tracks in a workbook: the workbook itself, without build folders or local state.
enum TrackedFiles {
  /// Copies every tracked file of `root` for which `keep` is true into `destination`; returns how many.
  @discardableResult
  static func copy(
    from root: URL, to destination: URL, spawner: Spawner, keep: (String) -> Bool = { _ in true }
  ) throws(GradeError) -> Int {
    let listing = try spawner.run(["git", "-C", root.path, "ls-files", "-z"], until: .now + .seconds(60), streams: .separate)
    guard listing.succeeded else {
      throw .infrastructure("copying the workbook needs the files git tracks, and git ls-files failed: \(listing.errorOutput.prefix(300))")
    }
    let files = listing.output.split(separator: "\0").map(String.init).filter { !$0.isEmpty && keep($0) }
    let manager = FileManager.default
    do {
      for file in files {
        let target = destination.appending(path: file)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: root.appending(path: file), to: target)
      }
    } catch {
      throw .infrastructure("cannot write the copy to \(destination.path): \(error.localizedDescription)")
    }
    return files.count
  }
}
