import Foundation

/// Reports for an instructor: a table, a CSV gradebook, and each student's feedback.
public enum Gradebook {
  /// A table of tasks passed, a row per student and a column per lesson.
  public static func table(_ submissions: [ClassGrader.Submission], lessons: [Lesson]) -> String {
    let nameWidth = max(7, submissions.map(\.student.count).max() ?? 0)
    var header = "student".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    for lesson in lessons { header += "  " + "L\(lesson.number)".padding(toLength: 6, withPad: " ", startingAt: 0) }
    header += "  total"
    var lines = [header]
    for submission in submissions {
      var line = submission.student.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      var done = 0
      var total = 0
      for (lesson, result) in submission.results {
        let cell = result.lessonError == nil ? "\(result.passedCount)/\(lesson.tasks.count)" : "error"
        line += "  " + cell.padding(toLength: 6, withPad: " ", startingAt: 0)
        done += result.passedCount
        total += lesson.tasks.count
      }
      lines.append(line + "  \(done)/\(total)")
    }
    return lines.joined(separator: "\n")
  }

  /// One row per student and task: `student,lesson,slug,task,title,status,detail`.
  public static func csv(_ submissions: [ClassGrader.Submission]) -> String {
    var rows = ["student,lesson,slug,task,title,status,detail"]
    for submission in submissions {
      for (lesson, result) in submission.results {
        for task in result.tasks {
          let title = lesson.tasks.first { $0.number == task.taskNumber }?.title ?? ""
          let detail = result.lessonError ?? task.findings.compactMap(\.shortDescription).joined(separator: "; ")
          rows.append([submission.student, "\(lesson.number)", lesson.slug, "\(task.taskNumber)", title, task.status.rawValue, detail].map(field).joined(separator: ","))
        }
      }
    }
    return rows.joined(separator: "\n") + "\n"
  }

  /// Writes `gradebook.csv`, `feedback/<student>.txt` and `results/<student>.json` into `folder`.
  public static func write(_ submissions: [ClassGrader.Submission], to folder: URL) throws(GradeError) {
    let renderer = FeedbackRenderer(style: Style(colored: false))
    do {
      try FileManager.default.createDirectory(at: folder.appending(path: "feedback"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: folder.appending(path: "results"), withIntermediateDirectories: true)
      try Data(csv(submissions).utf8).write(to: folder.appending(path: "gradebook.csv"))
      for submission in submissions {
        let text = submission.results.map { renderer.lesson($0.0, $0.1) }.joined(separator: "\n\n") + "\n"
        try Data(text.utf8).write(to: folder.appending(path: "feedback/\(submission.student).txt"))
        try Data((ResultsJSON.encode(submission.results) + "\n").utf8).write(to: folder.appending(path: "results/\(submission.student).json"))
      }
    } catch {
      throw .infrastructure("cannot write the report to \(folder.path): \(error.localizedDescription)")
    }
  }

  /// Quotes a CSV field when it needs it, and defuses one a spreadsheet would run as a formula.
  static func field(_ text: String) -> String {
    var flat = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    // OWASP's advice for CSV injection: a cell starting with = + - @ (or a tab) is prefixed with '.
    if let first = flat.first, "=+-@\t".contains(first) { flat = "'" + flat }
    guard flat.contains(where: { $0 == "," || $0 == "\"" }) else { return flat }
    return "\"" + flat.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
