import Foundation
import GradeBuild
import GradeResults

/// Everything grading one learner found: the single source every class report is made from.
///
/// One JSON file per learner in the report's `records/` folder, in the grader's one envelope
/// (`StoredFile`), so a record of another format is ignored. A re-run reads
/// it back and grades the learner again only when their files, the workbook or
/// the settings changed; `grade merge` combines the records of several shards.
public struct LearnerRecord: Codable, Sendable, Equatable {
  /// One lesson's result.
  public struct LessonEntry: Codable, Sendable, Equatable {
    /// The lesson's number.
    public var lesson: Int
    /// The lesson's slug.
    public var slug: String
    /// What grading it found.
    public var result: LessonResult
    /// The tasks whose files the learner never changed from the starter (or did not hand in),
    /// so reports keep "never started" apart from "missed a bug"; `nil` in older records.
    public var untouched: [Int]?
    /// Whether the lesson's folder was not in the learner's folder; `nil` when it was, and in
    /// records written before this was kept (`wasNotHandedIn` reads those).
    public var notHandedIn: Bool?

    private enum CodingKeys: String, CodingKey {
      case lesson, slug, result, untouched, notHandedIn
    }

    /// Whether the lesson's folder was not in the learner's folder, in this record or, for a
    /// record written before `notHandedIn` was kept, by the one finding such a lesson had.
    public var wasNotHandedIn: Bool {
      notHandedIn ?? result.tasks.allSatisfy { $0.findings == [.unavailable(.notHandedIn)] }
    }

    /// Creates an entry.
    public init(lesson: Int, slug: String, result: LessonResult, untouched: [Int]? = nil, notHandedIn: Bool? = nil) {
      self.lesson = lesson
      self.slug = slug
      self.result = result
      self.untouched = untouched
      self.notHandedIn = notHandedIn
    }
  }

  /// The learner: their folder's name.
  public var learner: String
  /// A hash of the learner's files, the workbook and the settings the grading used.
  public var fingerprint: String
  /// A result per lesson graded, in order.
  public var lessons: [LessonEntry]

  private enum CodingKeys: String, CodingKey {
    case learner, fingerprint, lessons
  }

  /// Creates a record.
  public init(learner: String, fingerprint: String, lessons: [LessonEntry]) {
    self.learner = learner
    self.fingerprint = fingerprint
    self.lessons = lessons
  }

  /// How many tasks passed, across every lesson.
  public var passedTasks: Int { lessons.reduce(0) { $0 + $1.result.passedCount } }

  /// The record's file name in `records/`: the learner's name in safe characters and a hash.
  public var fileName: String { ClassGrader.safeName(for: learner) + ".json" }

  /// Reads a record, or `nil` when the file is missing, broken or of another format.
  public static func read(_ url: URL) -> LearnerRecord? {
    StoredFile<LearnerRecord>.read(url)
  }

  /// Writes the record as stable, pretty JSON.
  public func write(to url: URL) throws {
    try StoredFile.write(self, to: url, pretty: true)
  }

  /// Every record in a `records/` folder, sorted by learner.
  public static func all(in folder: URL) -> [LearnerRecord] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.compactMap { read(folder.appending(path: $0)) }.sorted { $0.learner < $1.learner }
  }
}
