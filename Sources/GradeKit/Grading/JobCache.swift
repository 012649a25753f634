import Foundation

/// Keeps each job's last result beside its sandbox, keyed by what the job ran.
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

  /// The stored result of `name`, if it was made from the same `key`.
  func load(_ name: String, key: String) -> JobResult? {
    guard let data = try? Data(contentsOf: file(name)),
      let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key
    else { return nil }
    return entry.result
  }

  /// Stores `result` as `name`'s, unless a limit or the machine cut it short.
  func store(_ result: JobResult, _ name: String, key: String) {
    guard !result.timedOut, !result.flooded, result.infrastructureError == nil, result.startFailure == nil,
      let data = try? JSONEncoder().encode(Entry(key: key, result: result))
    else { return }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? data.write(to: file(name), options: .atomic)
  }

  private func file(_ name: String) -> URL { folder.appending(path: "\(name).json") }
}
