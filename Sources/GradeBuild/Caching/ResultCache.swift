import Foundation
import GradeResults

/// Stores a lesson's last result beside its workspace, keyed by a fingerprint of the workspace's inputs.
///
/// `swift run grade` grades every lesson; with the cache, only lessons whose
/// files changed are built again.
package enum ResultCache {
  /// The fingerprint of a result kept only as what the learner saw last: no key is ever this.
  package static let seenOnly = "seen-only, never reused"

  /// The result kept at `url` for `fingerprint`.
  package static func load(from url: URL, fingerprint: String) -> LessonResult? {
    StoredFile<LessonResult>.read(url, key: fingerprint)
  }

  /// Keeps `result` at `url` for `fingerprint`.
  package static func store(_ result: LessonResult, at url: URL, fingerprint: String) {
    try? StoredFile.write(result, to: url, key: fingerprint)
  }

  /// The last stored result, whatever its fingerprint: what the learner saw last.
  package static func latest(in url: URL) -> LessonResult? {
    StoredFile<LessonResult>.read(url)
  }
}
