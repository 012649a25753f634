import Foundation

/// Grades a whole class: one folder per student, each a copy of the workbook or of its `Lessons/`.
///
/// Only the files each student owns are taken from their folder; canonical
/// tests, canonical sources and solutions always come from the instructor's
/// workbook, so a student who edited the tests gains nothing. Each student gets
/// a sandbox of their own in the grader's state folder, which lives outside the
/// instructor's workbook, and every test runs in a box that sees neither.
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

  /// Grades every student's lessons, each student in a sandbox of their own.
  public func grade(submissions: URL, lessons: [Lesson]) throws(GradeError) -> [Submission] {
    try Self.students(in: submissions).map { student in
      let folder = submissions.appending(path: student)
      // A whole workbook copy has Lessons/; a bare hand-in may be the lesson folders alone.
      let lessonsRoot = Self.isRealFolder(folder.appending(path: "Lessons")) ? folder.appending(path: "Lessons") : folder
      let results = lessons.map { lesson -> (Lesson, LessonResult) in
        progress("class: \(student): lesson \(lesson.number) (\(lesson.slug))")
        let learnerFolder = lessonsRoot.appending(path: lesson.folder)
        // A link could hand in another student's folder, or the instructor's.
        guard Self.isRealFolder(folder), Self.isRealFolder(learnerFolder) else {
          let why = Self.exists(learnerFolder) ? "\(student)/…/\(lesson.folder) is a symbolic link, not a folder" : "not handed in"
          return (lesson, LessonResult(
            lessonNumber: lesson.number,
            tasks: lesson.tasks.map { TaskResult(taskNumber: $0.number, status: .fail, findings: [.unavailable(why)]) }))
        }
        return (lesson, grader.grade(lesson, learnerFolder: learnerFolder, sandboxName: "class/\(Self.sandboxName(for: student))"))
      }
      return Submission(student: student, results: results)
    }
  }

  /// Whether `url` is a folder and not a link to one.
  static func isRealFolder(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  private static func exists(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0
  }

  /// A folder name for a student's sandbox: their folder's name in safe characters, and a
  /// hash of it, so that two names that differ only in unsafe characters stay apart.
  static func sandboxName(for student: String) -> String {
    let safe = String(student.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" }.prefix(40))
    var fingerprint = Fingerprint()
    fingerprint.add(student)
    return "\(safe)-\(String(fingerprint.value, radix: 16).prefix(8))"
  }

  /// The default state folder for grading a class: outside the instructor's workbook,
  /// one per workbook, in the system's temporary folder.
  public static func defaultState(for workbook: Workbook) -> StateFolder {
    var fingerprint = Fingerprint()
    fingerprint.add(workbook.root.standardizedFileURL.path)
    return StateFolder(root: FileManager.default.temporaryDirectory.appending(path: "grade-class-\(String(fingerprint.value, radix: 16))"))
  }
}
