import Foundation
import GradeCatalog
import GradeFeedback
import GradeResults

/// `report.html`: where a class struggles, on one self-contained page.
///
/// No scripts and nothing fetched from elsewhere: the charts are inline SVG and
/// the styles inline CSS, so the page opens the same from a USB stick as from
/// an LMS. Every figure comes from the learner records.
enum ClassReportPage {
  /// What the page says about where it comes from, beside the records.
  struct Context {
    /// When the report was made, as the page shows it.
    var made: String?
    /// The instructor's workbook commit the students were graded with.
    var commit: String?
    /// What the points are, per lesson.
    var points = Points()
    /// `roster.txt`'s lines, when a roster was given.
    var roster: [String]?
  }

  /// The line that says when and from what the page was made: the only line two runs over the same records differ in.
  static func madeLine(_ context: Context) -> String {
    let made = context.made.map { "Made \($0)" } ?? "Made"
    return "<p class=\"made\">\(Gradebook.xmlEscape(made)) from the workbook at commit <code>\(Gradebook.xmlEscape(context.commit ?? "unknown"))</code>.</p>\n"
  }

  static func html(_ records: [LearnerRecord], lessons: [Lesson], context: Context = Context()) -> String {
    let e = Gradebook.xmlEscape
    let taskCount = lessons.reduce(0) { $0 + $1.tasks.count }
    var body = "<h1>Class report</h1>\n" + madeLine(context)
    let totals = records.map(\.passedTasks).sorted()
    let median = totals.isEmpty ? 0 : totals[totals.count / 2]
    body += "<p>\(Count.words(records.count, "learner")), \(Count.words(lessons.count, "lesson")), \(Count.words(taskCount, "task")). Median: \(Count.part(median, of: taskCount, "task")).</p>\n"

    // Every learner by every task: what they got, linked to the feedback they would have seen.
    body += "<h2>Learners by task</h2>\n" + grid(records, lessons: lessons, points: context.points)

    if let roster = context.roster {
      body += "<h2>Roster</h2>\n<ul>\n" + roster.map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n"
    }

    // Pass rate of every task.
    var rates: [(label: String, title: String, rate: Double)] = []
    for lesson in lessons {
      for task in lesson.tasks {
        let passed = records.filter { record in
          record.lessons.first { $0.lesson == lesson.number }?.result.tasks.first { $0.taskNumber == task.number }?.status == .pass
        }.count
        rates.append(("L\(lesson.number)T\(task.number)", task.title, records.isEmpty ? 0 : Double(passed) / Double(records.count)))
      }
    }
    body += "<h2>Pass rate of every task</h2>\n" + barChart(rates.map { ($0.label, $0.title, $0.rate) })

    // Distribution of totals.
    var bins = [Int](repeating: 0, count: taskCount + 1)
    for total in totals { bins[min(total, taskCount)] += 1 }
    body += "<h2>Tasks passed per learner</h2>\n" + histogram(bins)

    // Misconceptions most missed, and canonical tests most failed.
    var missed: [String: (where: String, count: Int)] = [:]
    var failing: [String: (where: String, count: Int)] = [:]
    var lived: [String: (where: String, count: Int)] = [:]
    var neverStarted: [String: Int] = [:]
    for record in records {
      // Each learner counts once per bug and per test.
      var seenMisses: Set<String> = []
      var seenTests: Set<String> = []
      for entry in record.lessons {
        for task in entry.result.tasks {
          let place = "L\(entry.lesson)T\(task.taskNumber)"
          // A learner who never started a task, or did not hand it in, missed no bug: they are counted apart.
          if entry.wasNotHandedIn { continue }
          if entry.untouched?.contains(task.taskNumber) == true {
            neverStarted[place, default: 0] += 1
            continue
          }
          for finding in task.findings {
            switch finding {
            case .chaffMissed(let chaff), .chaffUndecided(let chaff, _), .chaffCaughtOnlyByCrash(let chaff), .chaffNeedsMoreIssues(let chaff, _, _):
              if seenMisses.insert(chaff.misconception).inserted { missed[chaff.misconception, default: (place, 0)].count += 1 }
            case .mutantSurvived(let change), .mutantUndecided(let change, _):
              if seenMisses.insert(change.id).inserted { lived[change.words, default: (place, 0)].count += 1 }
            case .testFailed(let test), .testCrashed(let test, _):
              if seenTests.insert(test.displayName).inserted { failing[test.displayName, default: (place, 0)].count += 1 }
            default: break
            }
          }
        }
      }
    }
    body += "<h2>Bugs most learners' tests missed</h2>\n<p>Counting only learners who changed the task's files; those who never started it are in the next table.</p>\n" + table(
      ["Code that …", "Task", "Learners"], missed.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.prefix(15).map { [e($0.key), $0.value.where, "\($0.value.count)"] })
    body += "<h2>Mutants most learners' tests let live</h2>\n<p>Small changes the grader made to the code that no test of theirs failed on.</p>\n" + table(
      ["Your tests pass when …", "Task", "Learners"], lived.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.prefix(15).map { [e($0.key), $0.value.where, "\($0.value.count)"] })
    body += "<h2>Tasks learners never started</h2>\n" + table(
      ["Task", "Learners whose files are still the starter's"],
      lessons.flatMap { lesson in lesson.tasks.map { "L\(lesson.number)T\($0.number)" } }.compactMap { place in neverStarted[place].map { [place, "\($0)"] } })
    body += "<h2>Tests most learners' code failed</h2>\n" + table(
      ["Test", "Task", "Learners"], failing.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.prefix(15).map { [e($0.key), $0.value.where, "\($0.value.count)"] })

    // Learners with a task that could not be graded, and why; then those who handed nothing in for a lesson.
    let notGraded = records.filter(\.anyNotGraded).map { record -> [String] in
      let reasons = record.lessons.flatMap { entry -> [String] in
        if let error = entry.result.lessonError { return ["L\(entry.lesson): \(error)"] }
        guard let lesson = lessons.first(where: { $0.number == entry.lesson }) else { return [] }
        return entry.result.tasks.compactMap { task in
          guard case .notGraded(let reason) = TaskStanding.of(task: task.taskNumber, in: entry) else { return nil }
          return "L\(entry.lesson)T\(task.taskNumber): \(reason): " + task.summary(in: lesson, limit: 1)
        }
      }
      return [e(record.learner), e(reasons.prefix(3).joined(separator: "; "))]
    }
    body += "<h2>Learners whose work could not be graded</h2>\n<p>Code that does not compile, crashed, hung or was refused: nothing was learned about these tasks.</p>\n"
      + (notGraded.isEmpty ? "<p>None.</p>\n" : table(["Learner", "What happened"], notGraded))
    let missing = records.filter(\.anyNotHandedIn).map { record in
      [e(record.learner), e(record.lessons.filter(\.wasNotHandedIn).map { "L\($0.lesson)" }.joined(separator: ", "))]
    }
    body += "<h2>Lessons not handed in</h2>\n" + (missing.isEmpty ? "<p>None.</p>\n" : table(["Learner", "Lessons"], missing))

    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Class report</title>
      <style>
      body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; }
      h2 { margin-top: 2rem; font-size: 1.2rem; }
      table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
      th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
      td:last-child, th:last-child { text-align: right; }
      svg text { font-size: 12px; fill: #222; }
      .made { color: #555; font-size: 0.9rem; }
      table.grid { width: auto; }
      table.grid th { vertical-align: bottom; font-weight: normal; font-size: 0.8rem; max-width: 7rem; }
      table.grid th b { display: block; }
      table.grid td { text-align: center; }
      table.grid td:first-child { text-align: left; }
      td.pass { background: #dff0d8; } td.fail { background: #f8d7da; } td.error { background: #fce8b2; } td.untouched { color: #888; } td.missing { color: #888; }
      </style>
      </head>
      <body>
      \(body)</body>
      </html>

      """
  }

  /// The width, in pixels, that stands for 100 % in a bar chart.
  static let fullBar = 500

  /// A horizontal bar per entry, drawn over a grey track that stands for 100 %, so a task
  /// half the class passed shows as half a track whatever the other tasks' rates.
  static func barChart(_ entries: [(label: String, title: String, rate: Double)]) -> String {
    let row = 22
    let height = entries.count * row + 30
    let full = fullBar
    var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="760" height="\#(height)" role="img" aria-label="Pass rate of every task, out of 100 %">"# + "\n"
    // The scale: 0, 50 and 100 % under the bars, with a line at each.
    for percent in [0, 50, 100] {
      let x = 60 + full * percent / 100
      svg += ##"<line x1="\##(x)" y1="0" x2="\##(x)" y2="\##(entries.count * row + 5)" stroke="#bbbbbb" stroke-width="1"/>"##
      svg += #"<text x="\#(x - 10)" y="\#(entries.count * row + 22)">\#(percent) %</text>"# + "\n"
    }
    for (index, entry) in entries.enumerated() {
      let y = index * row + 5
      let rate = min(max(entry.rate, 0), 1)
      let width = Int((rate * Double(full)).rounded())
      let color = rate >= 0.8 ? "#3a8a3a" : rate >= 0.5 ? "#c8a02a" : "#c0392b"
      svg += #"<text x="0" y="\#(y + 14)">\#(entry.label)</text>"#
      svg += ##"<rect class="track" x="60" y="\##(y)" width="\##(full)" height="16" fill="#eeeeee"/>"##
      svg += #"<rect class="bar" x="60" y="\#(y)" width="\#(width)" height="16" fill="\#(color)"><title>\#(Gradebook.xmlEscape(entry.title))</title></rect>"#
      svg += #"<text x="\#(66 + full)" y="\#(y + 14)">\#(Int((rate * 100).rounded())) %</text>"# + "\n"
    }
    return svg + "</svg>\n"
  }

  /// A column per total, as tall as the number of learners with it.
  static func histogram(_ bins: [Int]) -> String {
    let most = max(bins.max() ?? 1, 1)
    let column = max(12, min(40, 700 / max(bins.count, 1)))
    let width = bins.count * column + 20
    var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="180" role="img" aria-label="Tasks passed per learner">"# + "\n"
    let blue = "#3b6ea5"
    for (total, count) in bins.enumerated() {
      let height = count * 130 / most
      let x = 10 + total * column
      svg += #"<rect x="\#(x)" y="\#(150 - height)" width="\#(column - 2)" height="\#(height)" fill="\#(blue)"><title>\#(count) learner(s) passed \#(total) task(s)</title></rect>"#
      svg += #"<text x="\#(x)" y="168">\#(total)</text>"#
      if count > 0 { svg += #"<text x="\#(x)" y="\#(146 - height)">\#(count)</text>"# }
      svg += "\n"
    }
    return svg + "</svg>\n"
  }

  /// A row per learner, linked to their feedback, and a column per task (headed by its title),
  /// then each lesson's points, the total and the time grading took. A cell is the task's
  /// `TaskStanding` mark, the same standing the CSVs write.
  static func grid(_ records: [LearnerRecord], lessons: [Lesson], points: Points) -> String {
    let e = Gradebook.xmlEscape
    guard !records.isEmpty else { return "<p>None.</p>\n" }
    var html = "<p>\(TaskStanding.legend); a learner's time is what grading their lessons took</p>\n<table class=\"grid\">\n<tr><th>Learner</th>"
    for lesson in lessons {
      for task in lesson.tasks { html += "<th><b>L\(lesson.number)T\(task.number)</b>\(e(task.title))</th>" }
    }
    html += lessons.map { "<th><b>L\($0.number)</b>points of \(Points.text(points.maximum(of: $0)))</th>" }.joined() + "<th><b>Total</b>points</th><th><b>Time</b>m:ss</th></tr>\n"
    for record in records {
      let feedback = ReportLayout.feedback(ClassGrader.safeName(for: record.learner))
      html += "<tr><td><a href=\"\(e(feedback))\">\(e(record.learner))</a></td>"
      var total = 0.0
      var scores: [String] = []
      for lesson in lessons {
        let entry = record.lessons.first { $0.lesson == lesson.number }
        for task in lesson.tasks {
          let result = entry?.result.tasks.first { $0.taskNumber == task.number }
          let standing = TaskStanding.of(task: task.number, in: entry)
          let found = standing == .notHandedIn ? nil : entry.flatMap { entry in result.map { $0.summary(in: lesson, limit: 1) } ?? entry.result.lessonError }
          let title = [standing.word, standing.reason, found ?? ""].filter { !$0.isEmpty }.joined(separator: ": ")
          html += "<td class=\"\(standing.mark.kind)\" title=\"\(e(title))\">\(standing.mark.symbol)</td>"
        }
        let earned = entry.map { points.score($0.result, of: lesson) } ?? 0
        total += earned
        scores.append(Points.text(earned))
      }
      html += scores.map { "<td>\($0)</td>" }.joined() + "<td>\(Points.text(total))</td><td>\(ClassGrader.clock(record.seconds))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// A table whose cells are already escaped.
  static func table(_ header: [String], _ rows: [[String]]) -> String {
    guard !rows.isEmpty else { return "<p>None.</p>\n" }
    var html = "<table>\n<tr>" + header.map { "<th>\(Gradebook.xmlEscape($0))</th>" }.joined() + "</tr>\n"
    for row in rows { html += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
    return html + "</table>\n"
  }
}
