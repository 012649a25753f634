import Foundation
@testable import GradeBox
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeKit
@testable import GradeResults
import Testing

/// A throwaway workbook holding lesson 5's first two tasks: a synchronizer whose callbacks
/// come from a task of its own, for tests that must wait for events.
///
/// Made once per test process, like `HostileLab`; its variants are built once and shared.
final class CallbackLab: Sendable {
  /// The lab, made on first use.
  static let shared: CallbackLab = {
    do {
      return try CallbackLab()
    } catch {
      fatalError("could not make the callback lab: \(error)")
    }
  }()

  /// The lab's folder.
  let root: URL
  /// A copy of the workbook with lesson 5's tasks 1 and 2 only.
  let workbook: Workbook
  /// The grader every case uses: a short time limit, state inside the lab.
  let grader: Grader

  private init() throws {
    // Inside the package's build folder, so it is ignored by git and wiped by the next test run.
    root = HostileLab.repository.appending(path: ".build/grade-callback-lab")
    let manager = FileManager.default
    try? manager.removeItem(at: root)
    let book = root.appending(path: "workbook")
    // The lab's one lesson is its lesson 1, so its folders are numbered 01.
    let parts = [
      ("Lessons/05-callbacks-and-confirmations", "Lessons/01-callbacks-and-confirmations"),
      ("Solutions/05-callbacks-and-confirmations", "Solutions/01-callbacks-and-confirmations"),
      ("Tests/CallbackTestingTests", "Tests/CallbackTestingTests"),
    ]
    for (from, to) in parts {
      try manager.createDirectory(at: book.appending(path: to).deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(at: HostileLab.repository.appending(path: from), to: book.appending(path: to))
    }
    let catalogURL = HostileLab.repository.appending(path: "Lessons/catalog.json")
    let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: catalogURL)) as! [String: Any]
    var five = (catalog["lessons"] as! [[String: Any]])[4]
    five["tasks"] = Array((five["tasks"] as! [Any]).prefix(2))
    let one = ["version": catalog["version"]!, "lessons": [five]] as [String: Any]
    try JSONSerialization.data(withJSONObject: one).write(to: book.appending(path: "Lessons/catalog.json"))
    workbook = try Workbook.load(at: book)
    grader = Grader(
      workbook: workbook, state: StateFolder(root: root.appending(path: "state")), limits: BoxLimits(seconds: 10), useCache: false)
  }

  /// The lesson graded.
  var lesson: Lesson { workbook.catalog.lessons[0] }

  /// The reference tests of task 2, the synchronizer's.
  var referenceTests: String {
    get throws {
      try String(
        contentsOf: workbook.solutionFolder(of: lesson).appending(path: "Tests/NoteSynchronizerTests.swift"), encoding: .utf8)
    }
  }

  /// Makes a learner folder named `name` holding the solution's owned files, with `tests` as task 2's file.
  func learner(_ name: String, tests: String) throws -> URL {
    let folder = root.appending(path: "learners/\(name)")
    let manager = FileManager.default
    try? manager.removeItem(at: folder)
    for part in ["Sources", "Tests"] {
      try manager.createDirectory(at: folder.appending(path: part), withIntermediateDirectories: true)
    }
    for file in lesson.ownedFiles {
      try manager.copyItem(at: workbook.solutionFolder(of: lesson).appending(path: file), to: folder.appending(path: file))
    }
    try HostileLab.write(tests, to: "Tests/NoteSynchronizerTests.swift", in: folder)
    return folder
  }

  /// Grades a learner folder in a workspace of its own.
  func grade(_ folder: URL) -> LessonResult {
    grader.grade(lesson, learnerFolder: folder, workspaceName: folder.lastPathComponent)
  }

  /// A workspace of its own for `folder`, named `name`, with task 2 synced and built, to run
  /// its tests against the solution directly, below the grader's verdicts.
  func builtTask2(_ folder: URL, workspace name: String) throws -> (Workspace, Workspace.Built) {
    let plan = try WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: folder)
    let root = grader.state.workspace(name, of: lesson)
    let workspace = Workspace(
      root: root, plan: plan, compiler: Compiler(spawner: grader.spawner, state: grader.state),
      box: Box(limits: grader.limits, isolation: grader.isolation, spawner: grader.spawner, scratchParent: root.appending(path: "runs")),
      state: grader.state)
    try workspace.sync([.module, .canonicalTests, .task(2)])
    return (workspace, workspace.build(tasks: [2]))
  }
}
