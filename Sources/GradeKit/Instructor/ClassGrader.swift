import Foundation

/// Grades a whole class: one folder per student, each a copy of the workbook or of its `Lessons/`.
///
/// Only the files each student owns are taken from their folder; canonical
/// tests, canonical sources and solutions always come from the instructor's
/// workbook, so a student who edited the tests gains nothing.
public struct ClassGrader: Sendable {
  /// One student's results.
  public struct Submission: Sendable {
    /// The folder name, used as the student's name.
    public var student: String
    /// A result per lesson graded.
    public var results: [(Lesson, LessonResult)]
  }

  /// Grades with the instructor's workbook.
  public var grader: Grader
  /// Receives a line per student and lesson.
  public var progress: @Sendable (String) -> Void

  /// Creates a class grader.
  public init(grader: Grader, progress: @escaping @Sendable (String) -> Void) {
    self.grader = grader
    self.progress = progress
  }

  /// The student folders in `submissions`, sorted by name.
  public static func students(in submissions: URL) throws(GradeError) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: submissions.path) else {
      throw .usage("cannot read the submissions folder \(submissions.path); it should hold one folder per student")
    }
    let students = names.filter { name in
      var isFolder: ObjCBool = false
      return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: submissions.appending(path: name).path, isDirectory: &isFolder) && isFolder.boolValue
    }.sorted()
    guard !students.isEmpty else { throw .usage("\(submissions.path) holds no student folders") }
    return students
  }

  /// Grades every student's lessons. All students share one sandbox per lesson,
  /// so after the first student each build is incremental.
  public func grade(submissions: URL, lessons: [Lesson]) throws(GradeError) -> [Submission] {
    try Self.students(in: submissions).map { student in
      let folder = submissions.appending(path: student)
      // A whole workbook copy has Lessons/; a bare hand-in may be the lesson folders alone.
      let lessonsRoot = FileManager.default.fileExists(atPath: folder.appending(path: "Lessons").path) ? folder.appending(path: "Lessons") : folder
      let results = lessons.map { lesson -> (Lesson, LessonResult) in
        progress("class: \(student): lesson \(lesson.number) (\(lesson.slug))")
        let learnerFolder = lessonsRoot.appending(path: lesson.folder)
        guard FileManager.default.fileExists(atPath: learnerFolder.path) else {
          return (lesson, LessonResult(
            lessonNumber: lesson.number,
            tasks: lesson.tasks.map { TaskResult(taskNumber: $0.number, status: .fail, findings: [.unavailable("not handed in")]) }))
        }
        return (lesson, grader.grade(lesson, learnerFolder: learnerFolder, sandboxName: "class"))
      }
      return Submission(student: student, results: results)
    }
  }
}
