import Foundation
import GradeBuild

/// Keeps job results, each keyed by what the job ran, for every workspace to share.
///
/// A job's result depends only on its test binary, the library it ran
/// against, its arguments and its limits. A learner who edits one task's
/// tests changes one binary, so only that task's jobs run again; the rest are
/// answered from here. Which results are cached is the job list's rule (`JobList.Job.caches`).
package struct JobCache {
  /// The folder of job results.
  var folder: URL

  /// Creates a cache kept in `folder`.
  package init(folder: URL) {
    self.folder = folder
  }

  /// The stored result of the job `key` names.
  func load(key: CacheKey) -> JobResult? {
    StoredFile<JobResult>.read(file(key), key: key.text)
  }

  /// The kept result of each of `jobs` that has one, by job.
  package func kept(_ jobs: [JobList.Job]) -> [JobID: JobResult] {
    Dictionary(jobs.compactMap { job in load(key: job.cacheKey).map { (job.id, $0) } }) { first, _ in first }
  }

  /// Stores `result` under `key`; the plan's job says whether it may be cached (`JobList.Job.keeps`).
  func store(_ result: JobResult, key: CacheKey) {
    try? StoredFile.write(result, to: file(key), key: key.text)
  }

  /// A file named by a hash of the key; the key inside it guards against a collision.
  private func file(_ key: CacheKey) -> URL {
    folder.appending(path: "\(key.hash).json")
  }
}
