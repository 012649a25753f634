import Foundation

/// Keeps the shared build and result stores from growing without end.
///
/// Every edit a learner grades makes a new build folder and new results; the
/// stores keep the newest and remove the oldest once there are too many. A
/// removed entry is only built or run again when it is needed again.
package enum StorePruner {
  /// Removes the oldest entries of `folder` down to `keep` once it holds more than `limit`.
  package static func prune(_ folder: URL, limit: Int = 600, keep: Int = 400) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder.path), names.count > limit else { return }
    let dated = names.map { name -> (URL, Date) in
      let url = folder.appending(path: name)
      let date = (try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
      return (url, date)
    }.sorted { $0.1 > $1.1 }
    for (url, _) in dated.dropFirst(keep) { try? manager.removeItem(at: url) }
  }
}
