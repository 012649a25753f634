import Foundation
import GradeCatalog
import GradeFeedback
import GradeResults

/// `results.json` as Gradescope's autograder documentation lays it out: a test per task with
/// its score, maximum, status and the feedback the learner would see, lessons as tags, and the total.
public enum GradescopeResults {
  struct Test: Encodable {
    var name: String
    var number: String
    var score: Double
    var max_score: Double
    var status: String
    var output: String
    var output_format = "md"
    var tags: [String]
    var visibility = "visible"
  }

  struct Results: Encodable {
    var score: Double
    var execution_time: Int
    var output: String
    var output_format = "md"
    var visibility = "visible"
    var stdout_visibility = "hidden"
    var tests: [Test]
  }

  /// The results of grading one submission.
  ///
  /// - Parameters:
  ///   - found: For each lesson missing a file, what was found where (`GradescopeSubmission.report`), by lesson
  ///     number: said at the top and in each of the lesson's tests.
  ///   - notes: What was done with the upload before grading, such as a zip unpacked: said first.
  public static func encode(
    _ graded: [(Lesson, LessonResult)], points: Points, seconds: Double, found: [Int: String] = [:], notes: [String] = []
  ) -> String {
    let renderer = FeedbackRenderer(style: Style(colored: false))
    var tests: [Test] = []
    for (lesson, result) in graded {
      for task in lesson.tasks {
        let taskResult = result.tasks.first { $0.taskNumber == task.number }
        let lines = result.lessonError.map { ["✘ Task \(task.number)  \(task.title)", "    Could not grade this lesson: \($0)"] }
          ?? taskResult.map { renderer.task(task, $0, in: lesson) } ?? []
        let passed = result.lessonError == nil && taskResult?.status == .pass
        let worth = points.maximum(ofTask: task.number, in: lesson)
        tests.append(Test(
          name: "Lesson \(lesson.number), task \(task.number): \(task.title)", number: "\(lesson.number).\(task.number)",
          score: passed ? worth : 0, max_score: worth, status: passed ? "passed" : "failed",
          output: (found[lesson.number].map { $0 + "\n\n" } ?? "") + markdownCodeBlock(lines.joined(separator: "\n")),
          tags: ["lesson-\(lesson.number)", lesson.slug]))
      }
    }
    var summary = notes.isEmpty ? [] : notes + [""]
    summary += graded.map { lesson, result in "- Lesson \(lesson.number), \(lesson.title): \(result.lessonError == nil ? Count.part(result.passedCount, of: lesson.tasks.count, "task") + " done" : "could not be graded")" }
    if !found.isEmpty { summary += [""] + found.sorted { $0.key < $1.key }.map { "- \($0.value)" } }
    let results = Results(
      score: Points.rounded(tests.reduce(0) { $0 + $1.score }), execution_time: Int(seconds.rounded(.up)),
      output: summary.joined(separator: "\n"), tests: tests)
    return encoded(results)
  }

  /// Results for a submission that could not be graded at all, saying why.
  public static func failure(_ message: String) -> String {
    encoded(Results(score: 0, execution_time: 0, output: "The submission could not be graded: \(message)", tests: []))
  }

  private static func encoded(_ results: Results) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(results)).map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
  }
}
