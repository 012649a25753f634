import Foundation
import GradeBuild

/// How long each job of a workspace's last grading took, so that the next grading starts the
/// longest first.
///
/// A job that waits (a learner's bounded wait running out on a buggy version) holds a slot
/// but no core; started in a later wave, it is what the whole grading waits for. The order
/// tells the tests nothing: a test in its box sees neither the other jobs nor when the
/// grading began, and the order follows only how long the learner's own tests took on each
/// version the time before.
package struct JobDurations: Sendable {
  /// The file the durations are kept in, beside the workspace.
  var file: URL

  /// Creates durations kept in `file`.
  package init(file: URL) {
    self.file = file
  }

  /// Creates the durations of the workspace at `workspace`, kept beside its builds.
  package init(in workspace: URL) {
    self.init(file: workspace.appending(path: "job-seconds.json"))
  }

  /// How long one job took, and the CPU it used meanwhile.
  package struct Took: Sendable, Equatable, Codable {
    /// Wall-clock seconds.
    package var seconds: Double
    /// Seconds of CPU, user and system, its runs used.
    package var cpuSeconds: Double

    /// Creates a time taken.
    package init(seconds: Double, cpuSeconds: Double) {
      self.seconds = seconds
      self.cpuSeconds = cpuSeconds
    }

    /// What `result`'s runs took.
    package init(_ result: JobResult) {
      self.init(seconds: result.seconds, cpuSeconds: result.cpuSeconds)
    }

    /// How much of a core the job kept busy, from `floor` to 1: a job that waits for a bounded
    /// wait to run out is near the floor.
    package func busy(floor: Double) -> Double {
      seconds > 0 ? min(1, max(floor, cpuSeconds / seconds)) : 1
    }
  }

  /// What each job took last time, by its name (`JobID.description`).
  package func load() -> [String: Took] {
    StoredFile<[String: Took]>.read(file) ?? [:]
  }

  /// Keeps what each job in `results` took, over what was kept before; a result the job cache
  /// answered (0 s) leaves the job's last time as it was.
  func store(_ results: [JobID: JobResult]) {
    var durations = load()
    for (id, result) in results where result.seconds > 0 {
      durations[id.description] = Took(result)
    }
    try? StoredFile.write(durations, to: file)
  }

  /// `jobs` in a random order, then the longest expected first, in tenths of a second: jobs of
  /// about the same length keep their random order among themselves.
  static func longestFirst(_ jobs: [JobList.Job], expected: [String: Took]) -> [JobList.Job] {
    func tenths(_ job: JobList.Job) -> Int { Int(((expected[job.id.description]?.seconds ?? 0) * 10).rounded(.down)) }
    return jobs.shuffled().enumerated()
      .sorted { tenths($0.element) != tenths($1.element) ? tenths($0.element) > tenths($1.element) : $0.offset < $1.offset }
      .map(\.element)
  }
}
