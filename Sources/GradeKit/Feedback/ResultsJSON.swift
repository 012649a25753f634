import Foundation

/// Machine-readable results in the field names of Exercism's `results.json`, version 3.
///
/// One lesson gives Exercism's object as it is, plus `lesson` and `slug`;
/// several give the same object per lesson under `lessons`.
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

  struct Workbook: Encodable {
    var version = 3
    var status: String
    var lessons: [LessonObject]
  }

  /// Encodes results, pretty-printed with sorted keys so output is stable.
  public static func encode(_ results: [(Lesson, LessonResult)]) -> String {
    let objects = results.map { lesson, result in
      LessonObject(
        lesson: lesson.number, slug: lesson.slug, status: result.status.rawValue,
        message: result.lessonError ?? errorMessage(result),
        tests: result.tasks.flatMap { task in
          let title = lesson.tasks.first { $0.number == task.taskNumber }?.title ?? ""
          var checks = task.checks.isEmpty
            ? [CheckEntry(name: title, status: task.status, message: task.findings.compactMap(\.shortDescription).first)]
            : task.checks
          // The JSON never says less than the verdict: a task that did not pass has a check that did not pass.
          if task.status != .pass, checks.allSatisfy({ $0.status == .pass }) {
            checks.append(CheckEntry(name: title, status: task.status, message: task.findings.compactMap(\.shortDescription).joined(separator: "; ")))
          }
          return checks.map {
            Test(name: "Task \(task.taskNumber): \($0.name)", status: $0.status.rawValue, message: $0.message, output: $0.output, task_id: task.taskNumber)
          }
        })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data?
    if objects.count == 1 {
      data = try? encoder.encode(objects[0])
    } else {
      let status = results.contains { $0.1.status == .error } ? "error" : results.allSatisfy { $0.1.passed } ? "pass" : "fail"
      data = try? encoder.encode(Workbook(status: status, lessons: objects))
    }
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// Exercism sets `message` when the status is `error`: say why.
  private static func errorMessage(_ result: LessonResult) -> String? {
    guard result.status == .error else { return nil }
    return result.tasks.first { $0.status == .error }?.findings.compactMap(\.shortDescription).first
  }
}
