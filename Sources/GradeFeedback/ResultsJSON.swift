import Foundation
import GradeCatalog
import GradeResults

/// Machine-readable results in the field names of Exercism's `results.json`, version 3.
///
/// One lesson gives Exercism's object as it is, plus `lesson` and `slug`;
/// several give the same object per lesson under `lessons`. Each of a task's
/// checks is one entry of `tests`, its message its findings in words.
public enum ResultsJSON {
  struct Test: Encodable {
    var name: String
    var status: String
    var message: String?
    var output: String?
    var task_id: Int
  }

  struct LessonObject: Encodable {
    var version = 3
    var lesson: Int
    var slug: String
    var status: String
    var message: String?
    var tests: [Test]
  }

  struct WorkbookObject: Encodable {
    var version = 3
    var status: String
    var lessons: [LessonObject]
  }

  /// Encodes results, pretty-printed with sorted keys so output is stable.
  ///
  /// - Parameter namesCaughtBugs: Whether a bug the tests caught is named by its misconception. A student
  ///   copy says `false`: it names a bug only once the tests miss it, so `--format json` lists no bug
  ///   the student has not met.
  public static func encode(_ results: [(Lesson, LessonResult)], namesCaughtBugs: Bool = true) -> String {
    let objects = results.map { lesson, result in
      LessonObject(
        lesson: lesson.number, slug: lesson.slug, status: result.status.rawValue,
        message: result.lessonError ?? errorMessage(result, in: lesson),
        tests: result.tasks.flatMap { task in
          let wording = Wording(lesson: lesson, task: lesson.tasks.first { $0.number == task.taskNumber })
          var bug = 0
          var mutant = 0
          return task.checks.map { check in
            var name = check.name
            switch check.kind {
            case .catches:
              bug += 1
              if !namesCaughtBugs && check.findings.isEmpty { name = "catches bug \(bug)" }
            case .kills:
              mutant += 1
              if !namesCaughtBugs && check.findings.isEmpty { name = "kills mutant \(mutant)" }
            default:
              break
            }
            return Test(
              name: "Task \(task.taskNumber): \(name)", status: check.status.rawValue,
              message: check.findings.isEmpty ? nil : check.findings.map { $0.words(in: wording).text }.joined(separator: "\n"),
              output: check.output, task_id: task.taskNumber)
          }
        })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data?
    if objects.count == 1 {
      data = try? encoder.encode(objects[0])
    } else {
      data = try? encoder.encode(WorkbookObject(status: TaskResult.Status.of(results.map(\.1.status)).rawValue, lessons: objects))
    }
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// One test of Exercism's results.json v3, with only the fields its specification names.
  struct ExercismTest: Encodable {
    var name: String
    var test_code: String
    var status: String
    var message: String?
    var output: String?
    var task_id: Int
  }

  /// Exercism's results.json v3, exactly: `version`, `status`, `message`, `tests`.
  struct ExercismResults: Encodable {
    var version = 3
    var status: String
    var message: String?
    var tests: [ExercismTest]

    // Exercism's runner writes `message` as null when there is none; the encoder would leave it out.
    func encode(to encoder: any Encoder) throws {
      enum Key: String, CodingKey { case version, status, message, tests }
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(version, forKey: .version)
      try container.encode(status, forKey: .status)
      try container.encode(message, forKey: .message)
      try container.encode(tests, forKey: .tests)
    }
  }

  /// One lesson's results in the shape of Exercism's results.json v3 and nothing more, so a tool
  /// that reads Exercism's files reads it: the lesson is named by the file (`results/<learner>/<lesson folder>.json`).
  /// A test's `output` is cut to the 500 characters Exercism allows; `test_code` is empty, since
  /// the test is the task's check, not code the learner can read.
  public static func exercism(_ lesson: Lesson, _ result: LessonResult) -> String {
    let tests = result.tasks.flatMap { task in
      let wording = Wording(lesson: lesson, task: lesson.tasks.first { $0.number == task.taskNumber })
      return task.checks.map { check in
        ExercismTest(
          name: "Task \(task.taskNumber): \(check.name)", test_code: "", status: check.status.rawValue,
          message: check.findings.isEmpty ? nil : check.findings.map { $0.words(in: wording).text }.joined(separator: "\n"),
          output: check.output.map { String($0.prefix(500)) }, task_id: task.taskNumber)
      }
    }
    let results = ExercismResults(status: result.status.rawValue, message: result.lessonError ?? errorMessage(result, in: lesson), tests: tests)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(results)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
  }

  /// Exercism sets `message` when the status is `error`: say why.
  private static func errorMessage(_ result: LessonResult, in lesson: Lesson) -> String? {
    guard result.status == .error, let task = result.tasks.first(where: { $0.status == .error }),
      let finding = task.findings.first(where: \.isGradingError)
    else { return nil }
    return finding.words(in: Wording(lesson: lesson, task: lesson.tasks.first { $0.number == task.taskNumber })).text
  }
}
