import Foundation

/// Keeps job results, each keyed by what the job ran, for every sandbox to share.
///
/// A job's result depends only on its test binary, the library it ran
/// against, its arguments and its limits. A learner who edits one task's
/// tests changes one binary, so only that task's jobs run again; the rest are
/// answered from here. Runs that a time limit or the machine cut short are
/// never kept: they may come out differently next time.
struct JobCache {
  /// The folder of job results.
  var folder: URL

  private struct Entry: Codable {
    var key: String
    var result: JobResult
  }

  /// The stored result of the job `key` names.
  func load(key: String) -> JobResult? {
    guard let data = try? Data(contentsOf: file(key)),
      let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key
    else { return nil }
    return entry.result
  }

  /// Stores `result` under `key`, unless a limit or the machine cut it short; a hang is kept
  /// when `keepingHang` says it is the tests', not the machine's.
  func store(_ result: JobResult, key: String, keepingHang: Bool = false) {
    guard result.ending.cacheable || (result.ending == .timedOut && keepingHang),
      let data = try? JSONEncoder().encode(Entry(key: key, result: result))
    else { return }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? data.write(to: file(key), options: .atomic)
  }

  /// A file named by a hash of the key; the key inside it guards against a collision.
  private func file(_ key: String) -> URL {
    folder.appending(path: "\(Fingerprint.hex(of: key)).json")
  }
}
