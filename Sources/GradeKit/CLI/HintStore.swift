import Foundation
import GradeBuild
import GradeCatalog

/// Remembers how far up each task's hint ladder the learner has climbed, and how each kept
/// mutant has been named to them (by its kind, then exactly).
///
/// One small JSON file in the learner's state (`LearnerState.hints`), like
/// rustlings' state file; deleting it only resets the hints. A file of another
/// version is read as no hints seen, never misread.
public struct HintStore: Sendable {
  /// Where the levels are kept.
  public var url: URL

  /// The file's format.
  private struct File: Codable {
    /// Lesson slug → task number → the highest hint seen, from 1.
    var levels: [String: [String: Int]] = [:]
    /// Lesson slug → kept mutant id → how the learner has seen it named: 1 by its kind and
    /// function, 2 exactly. Absent from files written before it, which read as none seen.
    var mutants: [String: [String: Int]]?

    private enum CodingKeys: String, CodingKey {
      case levels, mutants
    }
  }

  /// Creates a store at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// The levels of a lesson's tasks, by task number; a task never asked about is at level 1.
  public func levels(for lesson: Lesson) -> [Int: Int] {
    Dictionary(uniqueKeysWithValues: (load().levels[lesson.slug] ?? [:]).compactMap { key, value in Int(key).map { ($0, value) } })
  }

  /// The highest hint the learner has seen of `task`, from 1; 0 when none.
  public func seen(_ task: LessonTask, in lesson: Lesson) -> Int {
    load().levels[lesson.slug]?[String(task.number)] ?? 0
  }

  /// Moves a task one hint past the last one seen and returns the level now shown, from 1.
  @discardableResult
  public func advance(_ task: LessonTask, in lesson: Lesson) -> Int {
    let next = min(seen(task, in: lesson) + 1, max(task.hints.count, 1))
    markSeen(task, in: lesson, level: next)
    return next
  }

  /// Records that the learner has seen a task's hints up to `level`, as `grade` shows one under a task.
  public func markSeen(_ task: LessonTask, in lesson: Lesson, level: Int) {
    var file = load()
    let current = file.levels[lesson.slug]?[String(task.number)] ?? 0
    guard level > current else { return }
    file.levels[lesson.slug, default: [:]][String(task.number)] = level
    save(file)
  }

  /// How a kept mutant has been named to the learner.
  public enum MutantSeen: Int, Sendable, Comparable {
    /// Never named.
    case never = 0
    /// Named by its kind and function only.
    case outlined = 1
    /// Named exactly: the change and its line.
    case exactly = 2

    public static func < (lhs: MutantSeen, rhs: MutantSeen) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How the learner has seen the kept mutants of `lesson` named, by mutant id.
  public func mutantsSeen(in lesson: Lesson) -> [String: MutantSeen] {
    (load().mutants?[lesson.slug] ?? [:]).compactMapValues(MutantSeen.init(rawValue:))
  }

  /// The kept mutants of `lesson` to name exactly now: every one the learner has seen named
  /// before, by its kind at least, so the next grading that still lets it live says more.
  public func exactMutants(in lesson: Lesson) -> Set<String> {
    Set(mutantsSeen(in: lesson).filter { $0.value >= .outlined }.keys)
  }

  /// Records that the learner has seen these kept mutants of `lesson` named as `seen` says; a
  /// mutant never goes back to a lesser naming.
  public func markMutants(_ seen: [String: MutantSeen], in lesson: Lesson) {
    var file = load()
    var known = file.mutants?[lesson.slug] ?? [:]
    for (id, level) in seen where level.rawValue > known[id, default: 0] { known[id] = level.rawValue }
    guard known != (file.mutants?[lesson.slug] ?? [:]) else { return }
    file.mutants = (file.mutants ?? [:]).merging([lesson.slug: known]) { $1 }
    save(file)
  }

  private func save(_ file: File) {
    try? StoredFile.write(file, to: url)
  }

  private func load() -> File {
    StoredFile<File>.read(url) ?? File()
  }
}
