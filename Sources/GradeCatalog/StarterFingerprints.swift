import Foundation

/// What each lesson's starter files hash to, as handed out: `Lessons/starters.json`.
///
/// A lesson whose owned files still hash to its starter's is untouched, and its
/// result is known without building it: `grade check` proves, in the workbook's
/// CI, that every starter fails at least one test of every task, and that this
/// file matches the starters. So `swift run grade` on a fresh clone grades the
/// first unfinished lesson and calls the untouched lessons after it not started,
/// instead of compiling every lesson's variants before the learner can begin.
public struct StarterFingerprints: Sendable, Equatable {
  /// The fingerprint of each lesson's starter, by lesson folder.
  public var byFolder: [String: String]

  /// Creates fingerprints.
  public init(byFolder: [String: String]) {
    self.byFolder = byFolder
  }

  /// The workbook's recorded fingerprints; none when the file is missing or unreadable,
  /// so that every lesson is graded.
  public static func recorded(in workbook: Workbook) -> StarterFingerprints {
    guard let data = try? Data(contentsOf: workbook.starterFingerprintsFile),
      let byFolder = try? JSONDecoder().decode([String: String].self, from: data)
    else { return StarterFingerprints(byFolder: [:]) }
    return StarterFingerprints(byFolder: byFolder)
  }

  /// The fingerprint of `lesson`'s owned files in `folder`, or `nil` when one is missing.
  public static func fingerprint(of lesson: Lesson, in folder: URL) -> String? {
    var inputs: [(String, Data)] = []
    for file in lesson.ownedFiles.sorted() {
      guard let data = try? Data(contentsOf: folder.appending(path: file)) else { return nil }
      inputs.append((file, data))
    }
    return Fingerprint.of(inputs, settings: [])
  }

  /// The key of one task's fingerprint: `04-mocking#3`.
  public static func key(of task: LessonTask, in lesson: Lesson) -> String { "\(lesson.folder)#\(task.number)" }

  /// The fingerprint of `task`'s files in `folder` (a lesson's), or `nil` when one is missing.
  public static func fingerprint(of task: LessonTask, in folder: URL) -> String? {
    var inputs: [(String, Data)] = []
    for file in task.files.sorted() {
      guard let data = try? Data(contentsOf: folder.appending(path: file)) else { return nil }
      inputs.append((file, data))
    }
    return Fingerprint.of(inputs, settings: [])
  }

  /// The tasks of `lesson` whose every file in `folder` is still the starter's, by the recorded
  /// fingerprints: their result is known without building them.
  public func untouchedTasks(of lesson: Lesson, in folder: URL) -> Set<Int> {
    Set(lesson.tasks.filter { task in
      byFolder[Self.key(of: task, in: lesson)].map { Self.fingerprint(of: task, in: folder) == $0 } ?? false
    }.map(\.number))
  }

  /// Whether every file the learner owns in `lesson` is still its starter.
  public func isUntouched(_ lesson: Lesson, in workbook: Workbook) -> Bool {
    guard let recorded = byFolder[lesson.folder] else { return false }
    return Self.fingerprint(of: lesson, in: workbook.starterFolder(of: lesson)) == recorded
  }
}
