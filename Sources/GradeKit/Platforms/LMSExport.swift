import Foundation

/// `--roster` and `--points` of `grade class` and `grade merge`: the LMS gradebooks and the
/// list of students the roster and the folders disagree about, written beside the other reports.
struct LMSExport {
  var roster: Roster
  var points: Points

  /// Reads the roster and points the options name, or `nil` when there is no roster.
  init?(_ options: Command.Options, app: App, workbook: Workbook) throws(GradeError) {
    guard let roster = options.roster else {
      if options.points != nil { throw .usage("--points sets what the LMS gradebooks give; add --roster ROSTER.csv to write them") }
      return nil
    }
    self.roster = try Roster.read(app.url(roster))
    self.points = try app.points(options.points, in: workbook)
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
