import Foundation
import GradeCatalog

/// `--roster` and `--points` of `grade class` and `grade merge`: the LMS gradebooks and the
/// list of students the roster and the folders disagree about, written beside the other reports.
struct LMSExport {
  var roster: Roster
  var points: Points

  /// Reads the roster and points the options name, or `nil` when there is no roster; throws, with
  /// the fix, when an LMS would refuse the file made from the roster, so that it is said before grading.
  init?(_ options: Command.Options, app: App, workbook: Workbook) throws(GradeError) {
    guard let roster = options.roster else { return nil }
    self.roster = try Roster.read(app.url(roster))
    self.points = try app.points(options.points, in: workbook)
    var usable = false
    for layout in [LMSGradebook.Layout.canvas, .moodle] {
      if try LMSGradebook.identityColumns(layout, roster: self.roster) != nil { usable = true }
    }
    if !usable {
      throw .usage(
        "the roster \(roster) has none of the columns Canvas (Student, ID, SIS User ID, SIS Login ID) or Moodle (Email address, ID number, Username) "
          + "matches students by; its columns are \(self.roster.columns.joined(separator: ", "))")
    }
  }

  /// Writes `canvas.csv`, `moodle.csv` (each when the roster has a column that LMS matches
  /// students by) and `roster.txt`, and says what it wrote and whom the roster misses.
  func write(_ records: [LearnerRecord], lessons: [Lesson], to folder: URL, say: (String) -> Void) throws(GradeError) {
    var written: [String] = []
    for layout in [LMSGradebook.Layout.canvas, .moodle] {
      switch LMSGradebook.csv(layout, records: records, roster: roster, lessons: lessons, points: points) {
      case .success(let text):
        try save(text, to: folder.appending(path: layout.fileName))
        written.append(layout.fileName)
      case .failure(let reason):
        say("grade: \(reason.message)")
      }
    }
    let problems = LMSGradebook.problems(records: records, roster: roster)
    try save(problems.text, to: folder.appending(path: "roster.txt"))
    say("Wrote \((written + ["roster.txt"]).joined(separator: ", ")) into \(folder.path)/.")
    if problems.count > 0 { say(problems.text.split(separator: "\n").dropFirst().joined(separator: "\n")) }
  }

  private func save(_ text: String, to url: URL) throws(GradeError) {
    do {
      try Data(text.utf8).write(to: url)
    } catch {
      throw .infrastructure("cannot write \(url.path): \(error.localizedDescription)")
    }
  }
}
