import Foundation
import GradeBuild
import GradeCatalog
import GradeProcesses
import GradeResults

/// Grades a whole class: one folder per learner, each a copy of the workbook or of its `Lessons/`.
///
/// Only the files each learner owns are taken from their folder; canonical
/// tests, canonical sources and solutions always come from the instructor's
/// workbook, so a learner who edited the tests gains nothing. Each learner gets
/// a workspace of their own in the grader's state folder, which lives outside the
/// instructor's workbook, and every test runs in a box that sees neither.
/// Learners are graded `learnersAtOnce` at a time; each one's record is written as soon
/// as they are graded, so a run that is stopped resumes where it was.
public struct ClassGrader: Sendable {
  /// Grades with the instructor's workbook.
  public var grader: Grader
  /// How many learners are graded at once.
  public var learnersAtOnce: Int
  /// The slice of the class this run grades, or `nil` for all of it.
  public var shard: Shard?
  /// Told how the run is going, after every learner.
  public var progress: @Sendable (Progress) -> Void

  /// How a class run is going.
  public struct Progress: Sendable {
    /// Learners done, this run's and those resumed.
    public var done: Int
    /// Learners in the run.
    public var total: Int
    /// Learners answered from their records without grading again.
    public var resumed: Int
    /// Seconds since the run started.
    public var elapsed: Double
    /// An estimate of the seconds left, once a learner has been graded.
    public var remaining: Double?
    /// Learners with a task that could not be graded so far (`TaskStanding.notGraded`).
    public var notGraded: [String]
    /// Learners with a lesson not handed in so far.
    public var notHandedIn: [String]
    /// The learner just finished.
    public var latest: String
    /// The seconds grading them took, or `nil` when they were answered from their record.
    public var latestSeconds: Double?
  }

  /// Creates a class grader.
  public init(grader: Grader, learnersAtOnce: Int = ClassGrader.defaultLearnersAtOnce, shard: Shard? = nil, progress: @escaping @Sendable (Progress) -> Void) {
    // Every grade it gives counts, whatever grader it was handed.
    self.grader = grader
    self.grader.gradesCount = true
    self.learnersAtOnce = max(1, learnersAtOnce)
    self.shard = shard
    self.progress = progress
  }

  /// What the machine allows: one learner per two cores, since grading one learner already
  /// compiles and runs on every core (measured here: two at once on 2 cores was slower than
  /// one), and at most one per 3 GiB of memory.
  public static var defaultLearnersAtOnce: Int { defaultLearnersAtOnce(cores: SideBySide.cores, memoryBytes: ProcessInfo.processInfo.physicalMemory).count }

  /// How many learners `cores` and `memoryBytes` allow at once, and why, in words for the screen.
  static func defaultLearnersAtOnce(cores: Int, memoryBytes: UInt64) -> (count: Int, why: String) {
    let byCores = max(1, cores / 2)
    let byMemory = max(1, Int(memoryBytes >> 30) / 3)
    let count = min(byCores, byMemory)
    let limit = byMemory < byCores
      ? "\(memoryBytes >> 30) GiB of memory allow \(byMemory) (3 GiB each)"
      : "\(cores) core\(cores == 1 ? " allows" : "s allow") \(byCores): grading one student already builds and runs tests on every core, so one per two cores is fastest"
    return (count, "\(limit); --jobs N chooses another number")
  }

  /// The learner folders in `submissions`, sorted by name.
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

  /// Grades every learner of this shard whose record in `records` is missing or out of date,
  /// writes each record as it is made, and returns the records of the shard, sorted by learner.
  public func grade(submissions: URL, lessons: [Lesson], records: URL) throws(GradeError) -> [LearnerRecord] {
    let learners = try Self.students(in: submissions).filter { shard?.contains($0) ?? true }
    let workbookKey = workbookFingerprint(lessons: lessons)
    let start = ContinuousClock.now
    let state = Locked((done: 0, resumed: 0, graded: 0, gradedSeconds: 0.0, notGraded: [String](), notHandedIn: [String](), next: 0, records: [LearnerRecord]()))

    @Sendable func finish(_ record: LearnerRecord, resumed: Bool, seconds: Double) {
      let now = state.withValue { value -> Progress in
        value.done += 1
        value.records.append(record)
        if resumed { value.resumed += 1 } else {
          value.graded += 1
          value.gradedSeconds += seconds
        }
        if record.anyNotGraded { value.notGraded.append(record.learner) }
        if record.anyNotHandedIn { value.notHandedIn.append(record.learner) }
        let left = learners.count - value.done
        let perLearner = value.graded == 0 ? nil : Optional(ContinuousClock.now - start).map { elapsed in
          (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(value.graded)
        }
        return Progress(
          done: value.done, total: learners.count, resumed: value.resumed, elapsed: GradeProcesses.seconds(since: start),
          remaining: perLearner.map { $0 * Double(left) }, notGraded: value.notGraded, notHandedIn: value.notHandedIn, latest: record.learner, latestSeconds: resumed ? nil : seconds)
      }
      progress(now)
    }

    // Workers of their own: Dispatch's pool would run no more of them than there are cores.
    let workers = min(learnersAtOnce, max(learners.count, 1))
    SideBySide.run(workers, width: workers) { _ in
      while true {
        let index = state.withValue { value -> Int in
          defer { value.next += 1 }
          return value.next
        }
        guard index < learners.count else { return }
        let learner = learners[index]
        let folder = submissions.appending(path: learner)
        let key = fingerprint(of: folder, learner: learner, lessons: lessons, workbookKey: workbookKey)
        let file = records.appending(path: LearnerRecord(learner: learner, fingerprint: key, lessons: []).fileName)
        if let earlier = LearnerRecord.read(file), earlier.fingerprint == key, earlier.learner == learner {
          finish(earlier, resumed: true, seconds: 0)
          continue
        }
        let started = ContinuousClock.now
        let record = LearnerRecord(learner: learner, fingerprint: key, lessons: grade(folder, learner: learner, lessons: lessons))
        try? record.write(to: file)
        finish(record, resumed: false, seconds: GradeProcesses.seconds(since: started))
      }
    }
    return state.value.records.sorted { $0.learner < $1.learner }
  }

  /// One learner's lessons: a folder that is a workbook copy (with `Lessons/`) or the lesson folders alone.
  func grade(_ folder: URL, learner: String, lessons: [Lesson]) -> [LearnerRecord.LessonEntry] {
    // A whole workbook copy has Lessons/; a bare hand-in may be the lesson folders alone.
    let lessonsRoot = Self.isRealFolder(WorkbookPath.lessons.url(in: folder)) ? WorkbookPath.lessons.url(in: folder) : folder
    return lessons.map { lesson in
      let learnerFolder = lessonsRoot.appending(path: lesson.folder)
      // A link could hand in another learner's folder, or the instructor's: say which link it is.
      let lessonsLink = WorkbookPath.lessons.url(in: folder)
      let refusedLink: Unavailability? =
        Self.exists(folder) && !Self.isRealFolder(folder) ? .studentFolderIsLink(learner: learner)
        : Self.exists(lessonsLink) && !Self.isRealFolder(lessonsLink) ? .lessonsFolderIsLink(learner: learner)
        : Self.exists(learnerFolder) && !Self.isRealFolder(learnerFolder) ? .lessonFolderIsLink(learner: learner, folder: lesson.folder)
        : nil
      guard refusedLink == nil, Self.isRealFolder(learnerFolder) else {
        let why = refusedLink ?? .notHandedIn
        return LearnerRecord.LessonEntry(lesson: lesson.number, slug: lesson.slug, result: LessonResult(
          lessonNumber: lesson.number,
          tasks: lesson.tasks.map { .one($0.number, check: .handedIn, [.unavailable(why)]) }),
          untouched: lesson.tasks.map(\.number), notHandedIn: refusedLink == nil ? true : nil)
      }
      let result = grader.grade(lesson, learnerFolder: learnerFolder, workspaceName: "class/\(Self.safeName(for: learner))")
      return LearnerRecord.LessonEntry(
        lesson: lesson.number, slug: lesson.slug, result: result, untouched: untouchedTasks(of: lesson, in: learnerFolder))
    }
  }

  /// The tasks of `lesson` whose every file in `folder` is missing or byte for byte the starter's.
  func untouchedTasks(of lesson: Lesson, in folder: URL) -> [Int] {
    let starter = grader.workbook.starterFolder(of: lesson)
    return lesson.tasks.filter { task in
      task.files.allSatisfy { file in
        guard case .success(let data) = OwnedFile.read(file, in: folder) else { return true }
        return FileManager.default.contents(atPath: starter.appending(path: file).path) == data
      }
    }.map(\.number)
  }

  /// A hash of what the learner handed in for `lessons`, with the workbook's and the settings'.
  private func fingerprint(of folder: URL, learner: String, lessons: [Lesson], workbookKey: String) -> String {
    var key = CacheKey()
    key.add("workbook", workbookKey)
    key.add("learner", learner)
    let lessonsRoot = Self.isRealFolder(WorkbookPath.lessons.url(in: folder)) ? WorkbookPath.lessons.url(in: folder) : folder
    for lesson in lessons {
      key.add(lesson.folder, Self.isRealFolder(lessonsRoot.appending(path: lesson.folder)) ? "folder" : "no folder")
      for file in lesson.ownedFiles {
        switch OwnedFile.read(file, in: lessonsRoot.appending(path: lesson.folder)) {
        case .success(let data): key.add(file, contents: data)
        case .failure(let rejection): key.add(file, "\(rejection)")
        }
      }
    }
    return key.hash
  }

  /// A hash of the workbook's files for `lessons`, the catalog and the grading settings.
  private func workbookFingerprint(lessons: [Lesson]) -> String {
    var key = CacheKey(grading: grader.settings)
    // A record made before feedback withheld what tests computed on other correct versions is graded again.
    key.add("grades-count", "\(grader.gradesCount)")
    key.add("catalog", contents: (try? Data(contentsOf: WorkbookPath.catalog.url(in: grader.workbook.root))) ?? Data())
    for lesson in lessons {
      let tree = FileTree(root: grader.workbook.root, folders: [
        WorkbookPath.lesson(lesson).relative, WorkbookPath.solution(lesson).relative, WorkbookPath.canonicalTests(lesson).relative,
      ])
      for path in tree.files.keys.sorted() { key.add(path, contents: tree.files[path]!) }
    }
    return key.hash
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

  /// A folder name for a learner's workspace and record: their folder's name in safe characters,
  /// and a hash of it, so that two names that differ only in unsafe characters stay apart.
  static func safeName(for student: String) -> String {
    let safe = String(student.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" }.prefix(40))
    return "\(safe)-\(Fingerprint.hex(of: student).prefix(8))"
  }

  /// The default state folder for grading a class: outside the instructor's workbook,
  /// one per workbook, in the system's temporary folder.
  public static func defaultState(for workbook: Workbook) -> StateFolder {
    StateFolder(root: FileManager.default.temporaryDirectory.appending(path: "grade-class-\(Fingerprint.hex(of: workbook.root.standardizedFileURL.path))"))
  }

  /// Seconds as `m:ss`, as the progress line and the report show a time.
  static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
  }
}
