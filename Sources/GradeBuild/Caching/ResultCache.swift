import Foundation
import GradeResults

/// Stores a lesson's last result beside its workspace, keyed by a fingerprint of the workspace's inputs.
///
/// `swift run grade` grades every lesson; with the cache, only lessons whose
/// files changed are built again.
package enum ResultCache {
  /// The fingerprint of a result kept only as what the learner saw last: no key is ever this.
  package static let seenOnly = "seen-only, never reused"

  fileprivate struct Entry: Codable {
    var version = StoredFormat.version
    var fingerprint: String
    var result: LessonResult

    private enum CodingKeys: String, CodingKey {
      case version, fingerprint, result
    }

    /// The entry in `data`, when it is one of this grader's format.
    static func read(_ data: Data) -> Entry? {
      struct Version: Decodable { var version: Int }
      guard (try? JSONDecoder().decode(Version.self, from: data))?.version == StoredFormat.version else { return nil }
      return try? JSONDecoder().decode(Entry.self, from: data)
    }
  }

  package static func load(from url: URL, fingerprint: String) -> LessonResult? {
    guard let data = try? Data(contentsOf: url), let entry = Entry.read(data), entry.fingerprint == fingerprint else { return nil }
    return entry.result
  }

  package static func store(_ result: LessonResult, at url: URL, fingerprint: String) {
    guard let data = try? JSONEncoder().encode(Entry(fingerprint: fingerprint, result: result)) else { return }
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: url, options: .atomic)
  }
}

extension ResultCache {
  /// The last stored result, whatever its fingerprint: what the learner saw last.
  package static func latest(in url: URL) -> LessonResult? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return Entry.read(data)?.result
  }
}
