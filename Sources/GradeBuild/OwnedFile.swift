import Foundation
import GradeResults

/// Reads one file a learner owns, refusing anything that is not a plain file of theirs.
///
/// Graded files are untrusted: a symlink could point at another student's
/// folder, at `Solutions/` or at `/etc/passwd`, and a path could climb out of
/// the learner's folder. Each refusal names the file and says why, so that
/// only the task owning it fails.
package enum OwnedFile {
  /// The largest file a learner may hand in.
  package static let sizeLimit = 1 << 20

  /// The contents of `relative` inside `folder`, or why it cannot be graded.
  package static func read(_ relative: String, in folder: URL) -> Result<Data, Refusal> {
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
        guard Int(info.st_size) <= sizeLimit else { return .failure(.tooLarge(Int(info.st_size))) }
      } else if type != S_IFDIR {
        return .failure(.notAFile)
      }
    }
    guard let data = FileManager.default.contents(atPath: current.path) else { return .failure(.unreadable) }
    guard data.count <= sizeLimit else { return .failure(.tooLarge(data.count)) }
    guard String(data: data, encoding: .utf8) != nil else { return .failure(.notUTF8) }
    return .success(data)
  }

  /// Why an owned file was not graded.
  package enum Refusal: Error, Equatable {
    case missing, symlink, notAFile, outsideFolder, unreadable, notUTF8
    case tooLarge(Int)

    /// The reason, completing "this file ...".
    package var reason: String {
      switch self {
      case .missing: "is missing"
      case .symlink: "is a symbolic link; hand in the file itself, not a link to one"
      case .notAFile: "is not a regular file"
      case .outsideFolder: "is outside the lesson's folder"
      case .unreadable: "cannot be read"
      case .notUTF8: "is not UTF-8 text"
      case .tooLarge(let bytes): "is \(bytes) bytes, over the \(sizeLimit)-byte limit for a source file"
      }
    }
  }
}
