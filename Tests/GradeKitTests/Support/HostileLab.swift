import Foundation
@testable import GradeBox
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeKit
@testable import GradeResults
import GradeTestSupport
import Testing

/// A throwaway workbook holding lesson 1, learner folders to make hostile, and canaries outside both.
///
/// Every case grades a learner folder that starts as the solution (every task
/// passes) and changes one thing, then checks what the grader said and that
/// nothing outside the workspace changed. The lab is made once per test process;
/// its variants are built once and shared, as in a class.
final class HostileLab: Sendable {
  /// The lab, made on first use.
  static let shared: HostileLab = {
    do {
      return try HostileLab()
    } catch {
      fatalError("could not make the hostile-submission lab: \(error)")
    }
  }()

  /// The lab's folder.
  let root: URL
  /// A copy of the workbook with lesson 1 only.
  let workbook: Workbook
  /// A folder outside every workspace, holding a canary file that no graded run may change.
  let outside: URL
  /// The canary's contents.
  let canaryText = "the canary before grading\n"
  /// Everything under the lab's workbook and its outside folder, hashed, before any grading.
  let before: String
  /// The grader every case uses: a short time limit, state inside the lab.
  let grader: Grader

  /// The workbook checkout this test file is in.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  private init() throws {
    // Inside the package's build folder, so it is ignored by git and wiped by the next test run.
    root = Self.repository.appending(path: ".build/grade-hostile-lab")
    let manager = FileManager.default
    try? manager.removeItem(at: root)
    let book = root.appending(path: "workbook")
    for part in ["Lessons/01-expect-and-require", "Solutions/01-expect-and-require", "Tests/ExpectRequireTests"] {
      try manager.createDirectory(at: book.appending(path: part).deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(at: Self.repository.appending(path: part), to: book.appending(path: part))
    }
    let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.repository.appending(path: "Lessons/catalog.json"))) as! [String: Any]
    let lessons = catalog["lessons"] as! [[String: Any]]
    let one = ["version": catalog["version"]!, "lessons": [lessons[0]]] as [String: Any]
    try JSONSerialization.data(withJSONObject: one).write(to: book.appending(path: "Lessons/catalog.json"))
    workbook = try Workbook.load(at: book)

    // A timing wheat the same as the wheat, for grading with flakiness checks on.
    let timing = book.appending(path: "Solutions/01-expect-and-require/TimingWheats/same-timing")
    try manager.createDirectory(at: timing, withIntermediateDirectories: true)
    try manager.copyItem(
      at: book.appending(path: "Solutions/01-expect-and-require/Sources/UserStore.swift"), to: timing.appending(path: "UserStore.swift"))

    outside = root.appending(path: "outside")
    try manager.createDirectory(at: outside, withIntermediateDirectories: true)
    try Data(canaryText.utf8).write(to: outside.appending(path: "canary.txt"))
    before = try Self.treeHash(of: [book, outside])
    grader = Grader(
      workbook: workbook, state: StateFolder(root: root.appending(path: "state")),
      limits: BoxLimits(seconds: 10), useCache: false)
  }

  /// The lesson graded.
  var lesson: Lesson { workbook.catalog.lessons[0] }

  /// Makes a learner folder named `name` holding the solution's owned files, then lets `change` edit it.
  func learner(_ name: String, _ change: (URL) throws -> Void = { _ in }) throws -> URL {
    let folder = root.appending(path: "learners/\(name)")
    let manager = FileManager.default
    try? manager.removeItem(at: folder)
    for part in ["Sources", "Tests"] {
      try manager.createDirectory(at: folder.appending(path: part), withIntermediateDirectories: true)
    }
    for file in lesson.ownedFiles {
      try manager.copyItem(
        at: workbook.solutionFolder(of: lesson).appending(path: file), to: folder.appending(path: file))
    }
    try change(folder)
    return folder
  }

  /// A time limit for a case whose own test hangs: the hang is cut short whatever the limit, and
  /// lesson 1's other runs take a tenth of a second, so a short one keeps the case from idling.
  static let hangSeconds = 3

  /// Grades a learner folder in a workspace of its own, as `lesson` (lesson 1 unless changed),
  /// each run limited to `seconds` (the lab's 10 unless given).
  func grade(_ folder: URL, lesson: Lesson? = nil, namespaces: Bool = true, seconds: Int? = nil) -> LessonResult {
    var grader = grader
    if !namespaces { grader.isolation = Self.withoutNamespaces(grader.isolation) }
    if let seconds { grader.limits.seconds = seconds }
    return grader.grade(lesson ?? self.lesson, learnerFolder: folder, workspaceName: folder.lastPathComponent + (namespaces ? "" : "-plain"))
  }

  /// The box as it is where namespaces are off (a Docker container, Gradescope, `GRADE_NAMESPACES=off`).
  static func withoutNamespaces(_ isolation: Isolation) -> Isolation {
    var plain = isolation
    plain.namespaces = false
    plain.processLimit = false
    plain.dropPrivileges = geteuid() == 0
    return plain
  }

  /// A workspace of its own for `folder`, named `name`, with task 2 synced and built, to run
  /// its tests against each variant directly, below the grader's verdicts.
  func builtTask2(_ folder: URL, workspace name: String, namespaces: Bool = true) throws -> (Workspace, Workspace.Built) {
    let plan = try WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: folder)
    let root = grader.state.workspace(name, of: lesson)
    let workspace = Workspace(
      root: root, plan: plan, compiler: Compiler(spawner: grader.spawner, state: grader.state),
      box: Box(
        limits: grader.limits, isolation: namespaces ? grader.isolation : Self.withoutNamespaces(grader.isolation), spawner: grader.spawner,
        scratchParent: root.appending(path: "runs")),
      state: grader.state)
    try workspace.sync([.task(2)])
    return (workspace, workspace.build(tasks: [2]))
  }

  /// Lesson 1 with `modules` added to what its files may import: Glibc, so that a case can reach
  /// the system calls the box itself must stop, past the rules that would refuse the file first.
  func lesson(allowing modules: [String]) -> Lesson {
    var lesson = self.lesson
    lesson.imports += modules
    return lesson
  }

  /// Lesson 1 with task 2 checked for flaky tests: `runs` runs and the `same-timing` timing wheat.
  func lessonCheckingFlakiness(runs: Int) -> Lesson {
    var lesson = self.lesson
    guard case .writeTests(var spec) = lesson.tasks[1].kind else { return lesson }
    spec.flakiness = LessonTask.Flakiness(
      runs: runs, timingWheats: [LessonTask.Wheat(name: "same-timing", description: "keeps the wheat's timing")])
    lesson.tasks[1].kind = .writeTests(spec)
    return lesson
  }

  /// Records an issue if anything under the lab's workbook or outside folder changed.
  func expectNothingOutsideChanged(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let after = try Self.treeHash(of: [workbook.root, outside])
    #expect(after == before, "a graded run changed a file outside its workspace", sourceLocation: sourceLocation)
  }

  /// A hash of every path and file's contents under `folders`.
  static func treeHash(of folders: [URL]) throws -> String {
    var fingerprint = Fingerprint()
    for folder in folders {
      let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
      for path in paths {
        fingerprint.add(path)
        fingerprint.add(FileManager.default.contents(atPath: folder.appending(path: path).path) ?? Data())
      }
    }
    return String(fingerprint.value, radix: 16)
  }

  /// Replaces the learner's task-2 test file with one suite holding `body` as its only test.
  static func userStoreTest(_ body: String, imports: String = "") -> String {
    """
    import Foundation
    import Testing
    @testable import ExpectRequire
    \(imports)

    @Suite struct UserStoreTests {
      @Test func hostile() throws {
    \(body)
      }
    }

    """
  }

  /// Writes `text` to the learner's file `relative`.
  static func write(_ text: String, to relative: String, in folder: URL) throws {
    try Data(text.utf8).write(to: folder.appending(path: relative))
  }
}

extension LessonResult {
  /// The result of task `number`.
  func task(_ number: Int) -> TaskResult { tasks.first { $0.taskNumber == number }! }

  /// Every finding of task `number`, as the learner reads it, without colour.
  func words(_ number: Int) -> String {
    task(number).findings.map(\.plainText).joined(separator: "\n")
  }
}
