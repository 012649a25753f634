/// Why a file a learner owns was not graded, before anything read what it holds: a link, a
/// file outside the lesson's folder, too large, not UTF-8, missing (`OwnedFile.read`).
///
/// Facts only; Feedback words them (`FileRejection.words`).
public enum FileRejection: Error, Sendable, Equatable, Codable {
  /// No file is there.
  case missing
  /// A symbolic link, which could point at another learner's folder or at the solutions.
  case symlink
  /// A folder, a device or a pipe, where a file was due.
  case notAFile
  /// A path that climbs out of the lesson's folder.
  case outsideFolder
  /// A file the grader could not read.
  case unreadable
  /// A file whose bytes are not UTF-8 text.
  case notUTF8
  /// A file of `bytes` bytes, over the limit of `limit`.
  case tooLarge(bytes: Int, limit: Int)
}
