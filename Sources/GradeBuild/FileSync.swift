import Foundation
import GradeCatalog

/// Writes a set of files into a folder, touching only what changed.
///
/// Unchanged files keep their modification times, so SwiftPM rebuilds only
/// what the learner edited and the second grading of a lesson is incremental.
package enum FileSync {
  /// Makes `root` hold exactly `files` (path → contents), leaving `.build` and other
  /// unlisted top-level entries alone; returns how many files it wrote or removed.
  @discardableResult
  static func sync(_ files: [String: Data], into root: URL) throws(GradeError) -> Int {
    do {
      return try syncInPlace(files, into: root)
    } catch {
      // Something there cannot be listed or removed by name (a file name that is not
      // UTF-8, a folder where a file should be): start the folder afresh instead.
      try? FileManager.default.removeItem(at: root)
      return try syncInPlace(files, into: root)
    }
  }

  private static func syncInPlace(_ files: [String: Data], into root: URL) throws(GradeError) -> Int {
    let manager = FileManager.default
    var changes = 0
    do {
      for (path, data) in files {
        let url = root.appending(path: path)
        if manager.contents(atPath: url.path) == data { continue }
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        changes += 1
      }
      // Remove stale files under the folders the plan owns (a file the learner deleted, a task removed).
      let roots = Set(files.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
      for top in roots {
        guard let walker = manager.enumerator(atPath: root.appending(path: top).path) else { continue }
        for case let relative as String in walker {
          let path = "\(top)/\(relative)"
          var isFolder: ObjCBool = false
          _ = manager.fileExists(atPath: root.appending(path: path).path, isDirectory: &isFolder)
          if !isFolder.boolValue, files[path] == nil {
            try manager.removeItem(at: root.appending(path: path))
            changes += 1
          }
        }
      }
    } catch {
      throw .infrastructure("cannot write the workspace at \(root.path): \(error.localizedDescription)")
    }
    return changes
  }
}
