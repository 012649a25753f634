import Foundation
import GradeBuild
import GradeCatalog
import GradeProcesses

/// Builds lessons ahead of the learner, so that the first grade of each is as fast as the next.
///
/// A lesson's first grade waits for what every later one reuses: its correct and buggy
/// versions, the runner, the canonical tests. Preparing a lesson grades its files as they
/// stand, in a workspace of its own (`prepare`), which puts all of that in the shared stores;
/// the learner's own workspace is never touched. `grade` starts it in the background for the
/// lessons after the one it shows, at the lowest CPU and disk priority, one at a time, and
/// it waits before each compile and run while a grading the learner waits for is under way.
public struct Preparation: Sendable {
  /// The workbook.
  public var workbook: Workbook
  /// The grader whose stores the lessons are built into.
  public var grader: Grader

  /// Creates a preparation.
  public init(workbook: Workbook, grader: Grader) {
    self.workbook = workbook
    self.grader = grader
  }

  /// The workspace a preparation grades in.
  static let workspaceName = "prepare"

  /// Prepares `lessons` in order, as many at once as there are cores; `false` when another
  /// preparation holds the workbook's lock.
  ///
  /// A lesson's preparation leaves cores idle in turns (its module builds before its
  /// canonical tests, a lesson with one write-tests task builds its variants in one chain),
  /// so lessons side by side fill them: on 2 cores the whole book used 1.6 cores one lesson
  /// at a time and 1.85 so.
  public func run(_ lessons: [Lesson], progress: @escaping @Sendable (String) -> Void = { _ in }) -> Bool {
    guard let lock = FileLock(trying: grader.state.prepareLock) else { return false }
    defer { lock.unlock() }
    let grader = yielding
    let workbook = workbook
    let starters = StarterFingerprints.recorded(in: workbook)
    SideBySide.run(lessons.count, width: SideBySide.cores) { index in
      let lesson = lessons[index]
      progress("Preparing lesson \(lesson.number) (\(lesson.slug))...")
      // What the learner's next grade runs is run now, and kept; a write-tests task still as
      // handed out is built, not run: its first grade will run the learner's own tests.
      let folder = workbook.starterFolder(of: lesson)
      _ = grader.grade(
        lesson, learnerFolder: folder, workspaceName: Self.workspaceName, restoreCanonicalFiles: true,
        notStarted: starters.untouchedTasks(of: lesson, in: folder), buildingNotStarted: true)
    }
    return true
  }

  /// The grader, made to wait before each compile and run while the learner's own grading
  /// holds the foreground (`StateFolder.foregroundLock`).
  var yielding: Grader {
    var grader = grader
    let foreground = grader.state.foregroundLock
    grader.pause = { FileLock.waitUntilFree(foreground) }
    return grader
  }

  /// The lessons to prepare after the learner was shown `lesson`: every lesson not done, the
  /// most likely next first: those after it in order, then those before it, so a learner who
  /// jumps anywhere finds the lesson prepared once the book is.
  public func ahead(of lesson: Lesson) -> [Lesson] {
    let lessons = workbook.catalog.lessons
    let order = lessons.filter { $0.number > lesson.number } + lessons.filter { $0.number < lesson.number }
    return order.filter { ResultCache.latest(in: grader.state.result("learner", of: $0))?.passed != true }
  }

  /// Starts `grade prepare` for `lessons` as a process of its own, at the lowest CPU and disk
  /// priority, detached from the terminal, its output discarded. Nothing happens when the
  /// grader's own program cannot be found or another preparation runs.
  public func startInBackground(_ lessons: [Lesson]) {
    guard !lessons.isEmpty, let program = Self.ownProgram() else { return }
    if let lock = FileLock(trying: grader.state.prepareLock) { lock.unlock() } else { return }
    let grade = [program, "prepare"] + lessons.map { String($0.number) }
    // setsid: a new session, so the terminal closing does not stop it; nice and ionice: it
    // takes what the learner's own grading leaves.
    let wrapped = ["/usr/bin/setsid", "/usr/bin/nice", "/usr/bin/ionice"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
      ? ["/usr/bin/setsid", "/usr/bin/nice", "-n", "19", "/usr/bin/ionice", "-c", "3"] + grade
      : ["/usr/bin/nice", "-n", "19"] + grade
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrapped[0])
    process.arguments = Array(wrapped.dropFirst())
    process.currentDirectoryURL = workbook.root
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
  }

  /// The running grader's own program.
  static func ownProgram() -> String? {
    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
    return path.flatMap { $0.hasSuffix("/grade") ? $0 : nil }
  }
}
