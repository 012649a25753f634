import Foundation

/// One file the grader keeps, in the one envelope every such file has: the stored format's
/// version, what the value was kept for, and the value.
///
/// Results, job results, job durations and the learner's state (hints, the lesson and the
/// task last shown) are all read and written here, so a file of another version, or one kept
/// for something else, reads as nothing, never as a wrong value.
package struct StoredFile<Value: Codable>: Codable {
  /// `StoredFormat.version` when the file was written.
  var version: Int
  /// What the value was kept for (a fingerprint, a job's key), when a reader must ask.
  var key: String?
  /// The value.
  var value: Value

  private enum CodingKeys: String, CodingKey {
    case version, key, value
  }

  /// The value kept at `url`, when the file is of this grader's format and, if `key` is
  /// given, was kept for that key.
  package static func read(_ url: URL, key: String? = nil) -> Value? {
    guard let data = try? Data(contentsOf: url),
      (try? JSONDecoder().decode(StoredVersion.self, from: data))?.version == StoredFormat.version,
      let file = try? JSONDecoder().decode(Self.self, from: data), key == nil || file.key == key
    else { return nil }
    return file.value
  }

  /// Keeps `value` at `url`, for `key`, replacing the file at once (a reader never sees half of it).
  /// A cache may ignore a failure (the value is made again next time); a record may not.
  package static func write(_ value: Value, to url: URL, key: String? = nil, pretty: Bool = false) throws {
    let encoder = JSONEncoder()
    if pretty { encoder.outputFormatting = [.prettyPrinted, .sortedKeys] }
    let data = try encoder.encode(StoredFile(version: StoredFormat.version, key: key, value: value))
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
  }
}

/// The version alone, read first: a file of another version is never decoded as this one's values.
private struct StoredVersion: Decodable {
  var version: Int
}
