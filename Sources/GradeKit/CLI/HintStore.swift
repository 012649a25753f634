import Foundation

/// Remembers how far up each task's hint ladder the learner has climbed.
///
/// One small JSON file in the grader's state folder, like rustlings' state file;
/// deleting it only resets the hints.
public struct HintStore: Sendable {
  /// Where the levels are kept.
  public var url: URL

  /// Creates a store at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// The levels of a lesson's tasks, by task number; a task never asked about is at level 1.
  public func levels(for lesson: Lesson) -> [Int: Int] {
    let all = load()
    return Dictionary(uniqueKeysWithValues: (all[lesson.slug] ?? [:]).compactMap { key, value in Int(key).map { ($0, value) } })
  }

  /// Moves a task one hint past the last one seen and returns the level now shown, from 1.
  @discardableResult
  public func advance(_ task: LessonTask, in lesson: Lesson) -> Int {
    let current = load()[lesson.slug]?[String(task.number)] ?? 0
    let next = min(current + 1, max(task.hints.count, 1))
    markSeen(task, in: lesson, level: next)
    return next
  }

  /// Records that the learner has seen a task's hints up to `level`, as `grade` shows one under a task.
  public func markSeen(_ task: LessonTask, in lesson: Lesson, level: Int) {
    var all = load()
    let current = all[lesson.slug]?[String(task.number)] ?? 0
    guard level > current else { return }
    all[lesson.slug, default: [:]][String(task.number)] = level
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? JSONEncoder().encode(all).write(to: url, options: .atomic)
  }

  private func load() -> [String: [String: Int]] {
    guard let data = try? Data(contentsOf: url) else { return [:] }
    return (try? JSONDecoder().decode([String: [String: Int]].self, from: data)) ?? [:]
  }
}
