import Foundation
import GradeResults

/// Reads one file a learner owns, refusing anything that is not a plain file of theirs.
///
/// Graded files are untrusted: a symlink could point at another student's
/// folder, at `Solutions/` or at `/etc/passwd`, and a path could climb out of
/// the learner's folder. Each rejection names the file and says why (`FileRejection`), so
/// that only the task owning it fails.
package enum OwnedFile {
  /// The largest file a learner may hand in.
  package static let sizeLimit = 1 << 20

  /// The contents of `relative` inside `folder`, or why it cannot be graded.
  package static func read(_ relative: String, in folder: URL) -> Result<Data, FileRejection> {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !relative.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
      return .failure(.outsideFolder)
    }
    // Every step below the learner's folder must be a real folder or, last, a regular file.
    var current = folder
    for (index, part) in parts.enumerated() {
      current = current.appending(path: String(part))
      var info = stat()
      guard lstat(current.path, &info) == 0 else { return .failure(.missing) }
      let type = info.st_mode & S_IFMT
      if type == S_IFLNK { return .failure(.symlink) }
      let isLast = index == parts.count - 1
      if isLast {
        guard type == S_IFREG else { return .failure(.notAFile) }
        guard Int(info.st_size) <= sizeLimit else { return .failure(.tooLarge(bytes: Int(info.st_size), limit: sizeLimit)) }
      } else if type != S_IFDIR {
        return .failure(.notAFile)
      }
    }
    guard let data = FileManager.default.contents(atPath: current.path) else { return .failure(.unreadable) }
    guard data.count <= sizeLimit else { return .failure(.tooLarge(bytes: data.count, limit: sizeLimit)) }
    guard String(data: data, encoding: .utf8) != nil else { return .failure(.notUTF8) }
    return .success(data)
  }
}
