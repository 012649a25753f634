import Foundation
import GradeCatalog

/// `--roster`, `--points` and `--assignments` of `grade class` and `grade merge`: the LMS
/// gradebooks and the list of students the roster and the folders disagree about, written beside
/// the other reports.
struct LMSExport {
  var roster: Roster
  var points: Points
  /// The existing Canvas assignment each mapped lesson's grades go into: a `Title (id)` column of the roster.
  var assignments: [Int: String] = [:]

  /// The LMS files a roster can make, in the order they are written.
  static let layouts = [LMSGradebook.Layout.canvas, .moodle]

  /// Reads the roster, points and assignments the options name, or `nil` when there is no roster;
  /// throws, with the fix, when an LMS would refuse every file made from the roster, so that it is
  /// said before grading. A row that would be refused is only left out of its file.
  init?(_ options: Commands.Options, app: App, workbook: Workbook) throws(GradeError) {
    guard let roster = options.roster else {
      if options.assignments != nil { throw .usage("--assignments names columns of the roster's Canvas gradebook; add --roster CSV") }
      return nil
    }
    self.roster = try Roster.read(app.url(roster))
    self.points = try app.points(options.points, in: workbook)
    var usable = false
    for layout in Self.layouts {
      if try LMSGradebook.plan(layout, roster: self.roster) != nil { usable = true }
    }
    if !usable {
      throw .usage(
        "the roster \(roster) has none of the columns Canvas (Student, ID, SIS User ID, SIS Login ID) or Moodle (Email address, ID number, Username) "
          + "matches students by; its columns are \(self.roster.columns.joined(separator: ", "))")
    }
    if let path = options.assignments {
      assignments = try CanvasAssignments.read(app.url(path), roster: self.roster, catalog: workbook.catalog)
    }
  }

  /// Each LMS file's plan: what it takes from the roster and the rows it leaves out; `nil` for a
  /// file the roster cannot make.
  func plans() -> [(layout: LMSGradebook.Layout, plan: LMSGradebook.Plan?)] {
    Self.layouts.map { layout in (layout, (try? LMSGradebook.plan(layout, roster: roster)) ?? nil) }
  }

  /// What `grade class --check-roster` says: each LMS file the roster makes, with the rows it
  /// leaves out, the rows no file takes, and the students and folders of `submissions` the roster
  /// and the folders disagree about; with how many problems that is.
  func check(folders: [String], lessons: [Lesson]) -> (text: String, problems: Int) {
    var lines = ["Roster: \(roster.students.count) students."]
    var problems = 0
    for (layout, plan) in plans() {
      guard let plan else {
        lines.append("\(layout.fileName): not written; the roster has none of \(layout.keys.joined(separator: ", ")).")
        continue
      }
      let rows = roster.students.count - plan.leftOut.count
      lines.append("\(layout.fileName): \(rows) row\(rows == 1 ? "" : "s"), matched by \(plan.columns.joined(separator: ", "))" + (plan.leftOut.isEmpty ? "." : "; left out:"))
      lines += plan.leftOut.map { "  " + $0.words }
      problems += plan.leftOut.count
    }
    if !assignments.isEmpty {
      lines.append("canvas.csv puts " + assignments.sorted { $0.key < $1.key }.map { "lesson \($0.key) into \($0.value)" }.joined(separator: ", ") + ".")
    }
    let problemRows = roster.skipped.filter(\.isProblem)
    lines += roster.skipped.map { "Line \($0.line) left out of every LMS file: \($0.reason)." }
    problems += problemRows.count
    let (missing, unknown) = roster.reconcile(graded: folders)
    if !missing.isEmpty { lines.append("On the roster, with no folder in the submissions: " + missing.map(\.folder).joined(separator: ", ")) }
    if !unknown.isEmpty { lines.append("Folders on no roster (graded, but in no LMS file): " + unknown.joined(separator: ", ")) }
    problems += missing.count + unknown.count
    if !lessons.isEmpty, plans().contains(where: { $0.layout.name == "Moodle" && $0.plan != nil }) {
      lines.append(LMSGradebook.moodleItems(lessons, points: points).trimmingCharacters(in: .newlines))
    }
    lines.append(problems == 0 ? "The roster is ready: every student goes into every LMS file it makes." : "\(problems) thing\(problems == 1 ? "" : "s") to look at, listed above; none of them stops grading.")
    return (lines.joined(separator: "\n"), problems)
  }

  /// Writes `canvas.csv`, `moodle.csv` (each when the roster has a column that LMS matches
  /// students by, with the rows it cannot take left out), `moodle-items.txt` beside `moodle.csv`,
  /// and `roster.txt`, and says what it wrote, whom the roster misses and which rows were left out.
  func write(_ records: [LearnerRecord], lessons: [Lesson], to folder: URL, say: (String) -> Void) throws(GradeError) {
    var written: [String] = []
    var leftOut: [(file: String, rows: [LMSGradebook.LeftOut])] = []
    for layout in Self.layouts {
      switch LMSGradebook.csv(layout, records: records, roster: roster, lessons: lessons, points: points, assignments: layout.name == "Canvas" ? assignments : [:]) {
      case .success(let made):
        try save(made.text, to: folder.appending(path: layout.fileName))
        written.append(layout.fileName)
        leftOut.append((layout.fileName, made.leftOut))
        if layout.name == "Moodle" {
          let items = LMSGradebook.moodleItems(lessons, points: points)
          try save(items, to: folder.appending(path: "moodle-items.txt"))
          written.append("moodle-items.txt")
          say(items.trimmingCharacters(in: .newlines))
        }
      case .failure(let reason):
        say("grade: \(reason.message)")
      }
    }
    let problems = LMSGradebook.problems(records: records, roster: roster, leftOut: leftOut)
    try save(problems.text, to: folder.appending(path: "roster.txt"))
    say("Wrote \((written + ["roster.txt"]).joined(separator: ", ")) into \(folder.path)/.")
    if problems.count > 0 { say(problems.text.split(separator: "\n").dropFirst().joined(separator: "\n")) }
  }

  /// `roster.txt`'s lines for the report page: the same as the file.
  func problemLines(_ records: [LearnerRecord]) -> [String] {
    let leftOut = plans().compactMap { entry in entry.plan.map { (entry.layout.fileName, $0.leftOut) } }
    return LMSGradebook.problems(records: records, roster: roster, leftOut: leftOut).text.split(separator: "\n").map(String.init)
  }

  private func save(_ text: String, to url: URL) throws(GradeError) {
    do {
      try Data(text.utf8).write(to: url)
    } catch {
      throw .infrastructure("cannot write \(url.path): \(error.localizedDescription)")
    }
  }
}
