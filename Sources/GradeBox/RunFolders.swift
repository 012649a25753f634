import Foundation
import GradeProcesses

/// Removes run folders, whatever they hold, and those a stopped grading left behind.
///
/// A run's scratch is in memory inside the box, so a run folder on the host
/// normally holds only what the grader put there. Without namespaces, though,
/// the scratch is on the host, and a test can leave a tree deeper than a path
/// can name, which `FileManager` cannot remove; `rm -rf` works through such a
/// tree one folder at a time.
package enum RunFolders {
  /// The name of the folder a workspace's runs are made in: the one place it is spelled.
  package static let name = "runs"

  /// The folder `workspace`'s runs are made in.
  package static func parent(in workspace: URL) -> URL { workspace.appending(path: name) }

  /// Removes `folder` and everything in it.
  package static func remove(_ folder: URL) {
    if (try? FileManager.default.removeItem(at: folder)) != nil { return }
    _ = try? Spawner().run(["/bin/rm", "-rf", "--", folder.path], until: .now + .seconds(120))
  }

  /// Removes the run folders in `parent` older than `age` seconds: no run lasts that long,
  /// so they are what a grading that was stopped in the middle left behind.
  package static func prune(_ parent: URL, olderThan age: TimeInterval) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return }
    for name in names {
      let folder = parent.appending(path: name)
      let modified = (try? manager.attributesOfItem(atPath: folder.path)[.modificationDate] as? Date) ?? nil
      if let modified, -modified.timeIntervalSinceNow > age { remove(folder) }
    }
  }

  /// Prunes every `runs` folder at most four levels below `root`: a learner's workspaces
  /// (`learner/01-x/runs`) and a class's (`class/ada/01-x/runs`).
  package static func pruneAll(under root: URL, olderThan age: TimeInterval, depth: Int = 4) {
    let manager = FileManager.default
    guard depth > 0, let names = try? manager.contentsOfDirectory(atPath: root.path) else { return }
    for name in names {
      let folder = root.appending(path: name)
      if name == Self.name { prune(folder, olderThan: age) } else { pruneAll(under: folder, olderThan: age, depth: depth - 1) }
    }
  }
}
