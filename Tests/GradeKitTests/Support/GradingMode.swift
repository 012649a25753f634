import Foundation
@testable import GradeCatalog
@testable import GradeFeedback
@testable import GradeKit
@testable import GradeResults
import Testing

/// The four ways a submission is graded, in each of which a hostile one must earn nothing.
///
/// `grade class` and `grade autograde` are run in this process, through the same
/// `ClassGrader` and `GradescopeAutograder` the commands call, with the lab's grader and its
/// built variants: a fixture costs one grading per mode, not a build of the workbook.
/// `PlatformRunTests` runs the real `run_autograder` script.
enum GradingMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// A learner's own `grade`, in the box's namespaces.
  case own
  /// A learner's own `grade` where the box has no namespaces (`GRADE_NAMESPACES=off`, a container).
  case plain
  /// `grade class`: the instructor's workbook, one folder per student.
  case classGrading
  /// `grade autograde`, as Gradescope's `run_autograder` calls it: no namespaces, results in `results.json`.
  case autograde

  /// The mode as a learner or instructor asks for it, in each test case's name.
  var testDescription: String {
    switch self {
    case .own: "grade"
    case .plain: "GRADE_NAMESPACES=off"
    case .classGrading: "grade class"
    case .autograde: "grade autograde"
    }
  }

  /// What one mode made of a submission: each task's verdict and the words it shows for it.
  struct Graded {
    /// Whether each task passed, by number.
    var passed: [Int: Bool]
    /// What the mode shows for each task, by number: the findings' words, or the Gradescope test's output.
    var words: [Int: String]

    /// Whether task `number` passed.
    func passed(_ number: Int) -> Bool { passed[number] ?? false }
    /// The words shown for task `number`.
    func words(_ number: Int) -> String { words[number] ?? "" }
  }

  /// Grades the lesson folder `folder` as `lesson` with `grader`, in this mode, in workspaces
  /// and folders named after `name` under `scratch`.
  func grade(_ folder: URL, as lesson: Lesson, with grader: Grader, name: String, scratch: URL) throws -> Graded {
    var grader = grader
    if self == .plain || self == .autograde { grader.isolation = HostileLab.withoutNamespaces(grader.isolation) }
    func graded(_ result: LessonResult) -> Graded {
      let numbers = result.tasks.map(\.taskNumber)
      return Graded(
        passed: Dictionary(uniqueKeysWithValues: numbers.map { ($0, result.task($0).status == .pass) }),
        words: Dictionary(uniqueKeysWithValues: numbers.map { ($0, result.words($0)) }))
    }
    let manager = FileManager.default
    let root = scratch.appending(path: "\(rawValue)-\(name)")
    try? manager.removeItem(at: root)
    switch self {
    case .own, .plain:
      return graded(grader.grade(lesson, learnerFolder: folder, workspaceName: "\(name)-\(rawValue)"))
    case .classGrading:
      // A class of one student, handed in as a copy of the workbook's Lessons/.
      let student = root.appending(path: "submissions/\(name)/Lessons/\(lesson.folder)")
      try manager.createDirectory(at: student.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(at: folder, to: student)
      let records = try ClassGrader(grader: grader, learnersAtOnce: 1) { _ in }
        .grade(submissions: root.appending(path: "submissions"), lessons: [lesson], records: root.appending(path: "records"))
      return graded(try #require(records.first?.lessons.first?.result))
    case .autograde:
      // Gradescope's layout: the upload in submission/, results/results.json written by the grader.
      let submission = root.appending(path: "submission/Lessons/\(lesson.folder)")
      try manager.createDirectory(at: submission.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(at: folder, to: submission)
      #expect(try GradescopeAutograder.grade(root: root, lessons: [lesson], grader: grader, points: Points()))
      let text = try String(contentsOf: root.appending(path: "results/results.json"), encoding: .utf8)
      let tests = PlatformRunTests.tests(try PlatformFormatTests.checkGradescopeShape(text))
      #expect(tests.count == lesson.tasks.count, "\(text)")
      let pairs = zip(lesson.tasks, tests).map { task, test in
        (task.number, test["status"] as? String == "passed", test["output"] as? String ?? "")
      }
      return Graded(
        passed: Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, $0.1) }),
        words: Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, $0.2) }))
    }
  }
}
