import Foundation
import GradeCatalog
import GradeFeedback
import GradeResults

/// The class's reports, every one made from learner records: a table, CSVs, Markdown feedback,
/// Exercism-style results, JUnit XML and one HTML page.
public enum Gradebook {
  /// A table of tasks passed, a row per learner and a column per lesson: `-` for a lesson not
  /// handed in, and a `!` after the count when some task could not be graded.
  public static func table(_ records: [LearnerRecord], lessons: [Lesson]) -> String {
    let nameWidth = max(7, records.map(\.learner.count).max() ?? 0)
    var header = "learner".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    for lesson in lessons { header += "  " + "L\(lesson.number)".padding(toLength: 6, withPad: " ", startingAt: 0) }
    header += "  total"
    var lines = [header]
    var marked = false
    for record in records {
      var line = record.learner.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      var total = 0
      for lesson in lessons {
        let entry = record.lessons.first { $0.lesson == lesson.number }
        let standings = lesson.tasks.map { TaskStanding.of(task: $0.number, in: entry) }
        let cell =
          standings.allSatisfy({ $0 == .notHandedIn }) ? "-"
          : "\(standings.filter { $0 == .passed }.count)/\(lesson.tasks.count)" + (standings.contains(where: \.isNotGraded) ? "!" : "")
        marked = marked || cell.hasSuffix("!") || cell == "-"
        line += "  " + cell.padding(toLength: 6, withPad: " ", startingAt: 0)
        total += lesson.tasks.count
      }
      lines.append(line + "  \(record.passedTasks)/\(total)")
    }
    if marked { lines.append("(- not handed in; ! some task could not be graded: details.csv says why)") }
    return lines.joined(separator: "\n")
  }

  /// One row per learner: a column per task (1 passed, 0 not), per lesson (tasks passed, then points)
  /// and the totals, for a spreadsheet or an LMS to import, then the tasks not passed, by kind:
  /// not handed in, could not be graded (each with why), failed. Points are `points`' shares, the
  /// same the LMS files and Gradescope give.
  public static func csv(_ records: [LearnerRecord], lessons: [Lesson], points: Points = Points()) -> String {
    var header = ["learner"]
    for lesson in lessons {
      header += lesson.tasks.map { "L\(lesson.number)T\($0.number)" }
      header += ["L\(lesson.number)", "L\(lesson.number) points"]
    }
    header += ["total", "points", "not handed in", "could not be graded", "failed"]
    var rows = [header.map(field).joined(separator: ",")]
    for record in records {
      var row = [record.learner]
      var total = 0.0
      for lesson in lessons {
        let result = record.lessons.first { $0.lesson == lesson.number }?.result
        for task in lesson.tasks {
          let status = result?.tasks.first { $0.taskNumber == task.number }?.status
          row.append(status == .pass ? "1" : "0")
        }
        let earned = result.map { points.score($0, of: lesson) } ?? 0
        total += earned
        row += ["\(result?.passedCount ?? 0)", Points.text(earned)]
      }
      let standings = record.standings(lessons)
      func tasks(_ matching: (TaskStanding) -> Bool, withReason: Bool = false) -> String {
        standings.filter { matching($0.standing) }.map { "L\($0.lesson)T\($0.task)" + (withReason ? " (\($0.standing.reason))" : "") }.joined(separator: " ")
      }
      row += [
        "\(record.passedTasks)", Points.text(total), tasks { $0 == .notHandedIn }, tasks(\.isNotGraded, withReason: true),
        tasks { if case .failed = $0 { true } else { false } },
      ]
      rows.append(row.map(field).joined(separator: ","))
    }
    return rows.joined(separator: "\r\n") + "\r\n"
  }

  /// One row per learner and task, with what the grader found:
  /// `learner,lesson,slug,task,title,status,reason,detail,lesson seconds`. The status is the task's
  /// standing (passed, failed, could not be graded, not handed in), the reason why it could not
  /// be graded (or "never started"), and the seconds those of grading the learner's lesson.
  public static func detailCSV(_ records: [LearnerRecord], lessons: [Lesson]) -> String {
    var rows = ["learner,lesson,slug,task,title,status,reason,detail,lesson seconds"]
    for record in records {
      for entry in record.lessons {
        let lesson = lessons.first { $0.number == entry.lesson }
        for task in entry.result.tasks {
          let title = lesson?.tasks.first { $0.number == task.taskNumber }?.title ?? ""
          let standing = TaskStanding.of(task: task.taskNumber, in: entry)
          let detail = standing == .notHandedIn ? "" : entry.result.lessonError ?? lesson.map { task.summary(in: $0) } ?? ""
          rows.append(
            [record.learner, "\(entry.lesson)", entry.slug, "\(task.taskNumber)", title, standing.word, standing.reason, detail, seconds(entry.result.seconds)]
              .map(field).joined(separator: ","))
        }
      }
    }
    return rows.joined(separator: "\r\n") + "\r\n"
  }

  /// `feedback/index.csv`: each learner's folder name beside the names of their report files,
  /// which are the folder's name in safe characters and a hash (`ClassGrader.safeName(for:)`).
  public static func feedbackIndex(_ records: [LearnerRecord]) -> String {
    var rows = ["folder,feedback,results,junit"]
    for record in records {
      let name = ClassGrader.safeName(for: record.learner)
      rows.append([record.learner, ReportLayout.feedback(name), ReportLayout.results(name), ReportLayout.junit(name)].map(field).joined(separator: ","))
    }
    return rows.joined(separator: "\r\n") + "\r\n"
  }

  /// Seconds to one decimal, as the CSVs write them.
  static func seconds(_ value: Double) -> String {
    String(Double((value * 10).rounded()) / 10)
  }

  /// What `grade` would have shown the learner, as Markdown.
  public static func markdown(_ record: LearnerRecord, lessons: [Lesson]) -> String {
    let renderer = FeedbackRenderer(style: Style(colored: false))
    var text = "# Feedback for \(record.learner)\n\n\(Count.words(record.passedTasks, "task")) \(Count.noun("passes", for: record.passedTasks, plural: "pass")).\n"
    for entry in record.lessons {
      guard let lesson = lessons.first(where: { $0.number == entry.lesson }) else { continue }
      text += "\n## Lesson \(lesson.number): \(lesson.title)\n\n\(markdownCodeBlock(renderer.lesson(lesson, entry.result)))\n"
    }
    return text
  }

  /// The learner's results as JUnit XML: a test suite per lesson, a test case per task.
  public static func junit(_ record: LearnerRecord, lessons: [Lesson]) -> String {
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<testsuites name="\#(xmlEscape(record.learner))">"# + "\n"
    for entry in record.lessons {
      guard let lesson = lessons.first(where: { $0.number == entry.lesson }) else { continue }
      // The task's standing decides: failed is a failure, could not be graded an error, not handed in skipped.
      let standings = entry.result.tasks.map { TaskStanding.of(task: $0.taskNumber, in: entry) }
      let failures = standings.filter { if case .failed = $0 { true } else { false } }.count
      let errors = standings.filter(\.isNotGraded).count
      let skipped = standings.filter { $0 == .notHandedIn }.count
      xml += #"  <testsuite name="Lesson \#(lesson.number): \#(xmlEscape(lesson.title))" tests="\#(entry.result.tasks.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)">"# + "\n"
      for (task, standing) in zip(entry.result.tasks, standings) {
        let title = lesson.tasks.first { $0.number == task.taskNumber }?.title ?? ""
        let name = #"name="Task \#(task.taskNumber): \#(xmlEscape(title))" classname="\#(xmlEscape(lesson.slug))""#
        // Escaped once, from the plain text: the message is its first 200 characters.
        let text = entry.result.lessonError ?? task.text(in: lesson)
        let (message, detail) = (xmlEscape(String(text.prefix(200))), xmlEscape(text))
        switch standing {
        case .passed: xml += "    <testcase \(name)/>\n"
        case .failed: xml += "    <testcase \(name)><failure message=\"\(message)\">\(detail)</failure></testcase>\n"
        case .notGraded(let reason):
          xml += "    <testcase \(name)><error message=\"\(xmlEscape(reason)): \(message)\">\(detail)</error></testcase>\n"
        case .notHandedIn: xml += "    <testcase \(name)><skipped message=\"not handed in\"/></testcase>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// Writes every report into `folder`: `gradebook.csv`, `details.csv`, `report.html`,
  /// `feedback/index.csv` (which file is whose), and per learner `feedback/<learner>.md`, `results/<learner>/<lesson folder>.json` (Exercism's
  /// results.json v3, one per lesson) and `junit/<learner>.xml`.
  static func write(
    _ records: [LearnerRecord], lessons: [Lesson], points: Points = Points(), to folder: URL, context: ClassReportPage.Context? = nil
  ) throws(GradeError) {
    do {
      for sub in ReportLayout.folders {
        try FileManager.default.createDirectory(at: folder.appending(path: sub), withIntermediateDirectories: true)
      }
      try Data(csv(records, lessons: lessons, points: points).utf8).write(to: folder.appending(path: ReportLayout.gradebook))
      try Data(detailCSV(records, lessons: lessons).utf8).write(to: folder.appending(path: ReportLayout.details))
      try Data(feedbackIndex(records).utf8).write(to: folder.appending(path: ReportLayout.feedbackIndex))
      try Data(ClassReportPage.html(records, lessons: lessons, context: context ?? ClassReportPage.Context(points: points)).utf8).write(to: folder.appending(path: ReportLayout.page))
      for record in records {
        let name = ClassGrader.safeName(for: record.learner)
        let pairs = record.lessons.compactMap { entry in lessons.first { $0.number == entry.lesson }.map { ($0, entry.result) } }
        try Data(markdown(record, lessons: lessons).utf8).write(to: folder.appending(path: ReportLayout.feedback(name)))
        let results = folder.appending(path: ReportLayout.results(name))
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        for (lesson, result) in pairs {
          try Data(ResultsJSON.exercism(lesson, result).utf8).write(to: results.appending(path: "\(lesson.folder).json"))
        }
        try Data(junit(record, lessons: lessons).utf8).write(to: folder.appending(path: ReportLayout.junit(name)))
      }
    } catch {
      throw .infrastructure("cannot write the report to \(folder.path): \(error.localizedDescription)")
    }
  }

  /// A CSV field: defused where a spreadsheet could run it as a formula, and quoted when it needs it.
  static func field(_ text: String) -> String {
    CSVCell.field(text)
  }

  /// Escapes text for XML and HTML.
  static func xmlEscape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        // XML 1.0 forbids most control characters; a learner's output may hold them.
        if let scalar = character.unicodeScalars.first, scalar.value < 0x20, character != "\n", character != "\t" { out += " " } else { out.append(character) }
      }
    }
    return out
  }
}
