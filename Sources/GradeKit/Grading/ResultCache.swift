import Foundation

/// Stores a lesson's last result beside its sandbox, keyed by a fingerprint of the sandbox's inputs.
///
/// `swift run grade` grades every lesson; with the cache, only lessons whose
/// files changed are built again.
enum ResultCache {
  fileprivate struct Entry: Codable {
    var fingerprint: String
    var result: LessonResult
  }

  static func load(from url: URL, fingerprint: String) -> LessonResult? {
    guard let data = try? Data(contentsOf: url),
      let entry = try? JSONDecoder().decode(Entry.self, from: data),
      entry.fingerprint == fingerprint
    else { return nil }
    return entry.result
  }

  static func store(_ result: LessonResult, at url: URL, fingerprint: String) {
    guard let data = try? JSONEncoder().encode(Entry(fingerprint: fingerprint, result: result)) else { return }
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: url, options: .atomic)
  }
}

extension ResultCache {
  /// The last stored result, whatever its fingerprint: what the learner saw last.
  static func latest(in url: URL) -> LessonResult? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return (try? JSONDecoder().decode(Entry.self, from: data))?.result
  }
}
