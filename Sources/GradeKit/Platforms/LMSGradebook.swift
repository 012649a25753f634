import GradeCatalog

/// Gradebooks an LMS imports as they are: a points column per lesson beside the columns the
/// LMS identifies students by, a row per student on the roster.
///
/// The identity columns are copied from the roster unchanged, since the LMS matches students
/// by them: a cell a spreadsheet could run as a formula is refused before grading, naming
/// its row, never rewritten. A student with no graded folder gets the cell that LMS reads as
/// no grade (Canvas: empty; Moodle: `-`), and is listed in `roster.txt`; so is a folder no
/// one on the roster owns.
public enum LMSGradebook {
  /// An LMS and the layout it imports.
  public struct Layout: Sendable {
    /// The LMS, as messages and file names say it.
    public var name: String
    /// The file written in the report folder.
    public var fileName: String
    /// The identity columns it reads, in the order its importer wants them.
    public var identity: [String]
    /// The columns of which the roster must have at least one to match a student.
    public var keys: [String]
    /// Whether a second row gives each column's points possible.
    public var pointsRow: Bool
    /// The cell for a student with no graded folder: what the LMS reads as "no grade".
    public var noGrade: String
  }

  /// The lesson's column title, the same in every LMS.
  public static func columnTitle(of lesson: Lesson) -> String {
    "Lesson \(lesson.number): \(lesson.title)"
  }

  /// The identity columns `layout`'s file will have for `roster`, or `nil` when the roster has
  /// none of the columns that LMS matches students by; throws, with the fix, when the LMS would
  /// refuse the file or match a student wrongly. Run before grading, so nothing waits on a roster
  /// that cannot be imported.
  static func identityColumns(_ layout: Layout, roster: Roster) throws(GradeError) -> [String]? {
    let present = layout.identity.filter(roster.columns.contains)
    guard layout.keys.contains(where: roster.columns.contains) else { return nil }
    var columns = present
    if layout.name == "Canvas" {
      // Canvas's GradebookImporter accepts a header only when it starts Student, ID, then SIS Login ID,
      // or SIS User ID and SIS Login ID, and the last identity column is Section ("Invalid header row").
      var missing = ["Student", "ID", "Section"].filter { !present.contains($0) }
      if present.contains("SIS User ID") && !present.contains("SIS Login ID") { missing.append("SIS Login ID") }
      if !missing.isEmpty {
        throw .usage(
          "canvas.csv would start \(present.joined(separator: ", ")), and Canvas refuses a gradebook whose header does not start "
            + "Student, ID, [SIS User ID, SIS Login ID,] Section (\"Invalid header row\"). Add \(missing.joined(separator: ", ")) "
            + "to the roster: export the gradebook from Canvas (Grades › Export) and add a folder column to it")
      }
    } else {
      // Moodle maps one column to its users; a key column no student has is dropped (it cannot be
      // mapped), and one some students lack is refused, since Moodle gives a row with an empty key the
      // student of the row before it.
      columns = present.filter { column in
        !layout.keys.contains(column) || roster.students.contains { !($0.fields[column] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
      }
      guard layout.keys.contains(where: columns.contains) else {
        throw .usage("moodle.csv cannot be written: no student on the roster has an \(layout.keys.filter(present.contains).joined(separator: " or ")), which Moodle matches students by")
      }
      for key in layout.keys where columns.contains(key) {
        let empty = roster.students.filter { ($0.fields[key] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
        guard empty.isEmpty else {
          throw .usage(
            "moodle.csv cannot be written: \(empty.map { describe($0) }.joined(separator: "; ")) \(empty.count == 1 ? "has" : "have") no \(key), "
              + "and Moodle's import gives a row with an empty \(key) to the student of the row before it. Fill it in, or remove the \(key) column")
        }
      }
    }
    // A cell the LMS matches by is never rewritten, so one a spreadsheet could run is refused.
    var unsafe: [String] = []
    for student in roster.students {
      for column in columns where CSVCell.couldRunAsFormula(student.fields[column] ?? "") {
        unsafe.append("line \(student.line) (folder \(student.folder)): \(column) \"\(student.fields[column] ?? "")\"")
      }
      if layout.name == "Canvas", ["Student", "ID", "SIS User ID", "SIS Login ID"].allSatisfy({ (student.fields[$0] ?? "").isEmpty }) {
        throw .usage("canvas.csv cannot be written: the roster's line \(student.line) (folder \(student.folder)) has no Student, ID or SIS ID, so Canvas cannot match it to a student")
      }
    }
    guard unsafe.isEmpty else {
      throw .usage(
        "\(layout.fileName) cannot be written: a spreadsheet could run these roster cells as formulas, and \(layout.name) matches students by them, "
          + "so they are not changed: \(unsafe.joined(separator: "; ")). Correct them in the LMS and export the roster again, or remove those rows")
    }
    return columns
  }

  /// The gradebook, or the reason it is not written: the roster has no column the LMS matches students by, or it would be refused.
  public static func csv(
    _ layout: Layout, records: [LearnerRecord], roster: Roster, lessons: [Lesson], points: Points
  ) -> Result<String, GradeError> {
    let identity: [String]
    do {
      guard let columns = try identityColumns(layout, roster: roster) else {
        return .failure(.usage(
          "\(layout.fileName) is not written: the roster has none of \(layout.keys.joined(separator: ", ")), which \(layout.name) matches students by"))
      }
      identity = columns
    } catch {
      return .failure(error)
    }
    // Identity cells go as they are (checked above); scores are the grader's own numbers.
    var rows = [identity.map { CSVCell.quoted($0) } + lessons.map { Gradebook.field(columnTitle(of: $0)) }]
    if layout.pointsRow {
      rows.append(["Points Possible"] + Array(repeating: "", count: identity.count - 1) + lessons.map { Points.text(points.maximum(of: $0)) })
    }
    let byFolder = Dictionary(records.map { ($0.learner, $0) }, uniquingKeysWith: { first, _ in first })
    for student in roster.students {
      let record = byFolder[student.folder]
      let scores = lessons.map { lesson -> String in
        guard let entry = record?.lessons.first(where: { $0.lesson == lesson.number }) else { return layout.noGrade }
        return Points.text(points.score(entry.result, of: lesson))
      }
      rows.append(identity.map { CSVCell.quoted(student.fields[$0] ?? "") } + scores)
    }
    return .success(rows.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n")
  }

  /// `roster.txt`: who is on the roster without a graded folder, and which folders are on no roster.
  public static func problems(records: [LearnerRecord], roster: Roster) -> (text: String, count: Int) {
    let (missing, unknown) = roster.reconcile(graded: records.map(\.learner))
    var lines = ["Roster: \(roster.students.count) students; \(records.count) folders graded."]
    lines.append(
      missing.isEmpty
        ? "Every student on the roster has a graded folder."
        : "On the roster, with no graded folder (no grade in the LMS files: empty in canvas.csv, - in moodle.csv): " + missing.map(\.folder).joined(separator: ", "))
    lines.append(unknown.isEmpty ? "Every graded folder is on the roster." : "Graded, but on no roster (not in the LMS files; add them to the roster): " + unknown.joined(separator: ", "))
    if !roster.skipped.isEmpty {
      lines.append("Rows of the roster that are no student, left out: " + roster.skipped.map { "line \($0.line), \($0.reason)" }.joined(separator: "; "))
    }
    return (lines.joined(separator: "\n") + "\n", missing.count + unknown.count)
  }

  /// A student as messages name them: their name in the roster, and their folder.
  static func describe(_ student: Roster.Student) -> String {
    let name = [student.fields["Student"], student.fields["First name"], student.fields["Last name"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    return "\(name.isEmpty ? "the student" : name) (line \(student.line), folder \(student.folder))"
  }
}

extension LMSGradebook.Layout {
  /// Canvas: `Student, ID, SIS User ID, SIS Login ID, Section`, then a column per assignment,
  /// and a `Points Possible` row; a column Canvas does not know becomes a new assignment. Canvas
  /// matches a row by ID, then SIS User ID, then SIS Login ID, then the name.
  public static let canvas = LMSGradebook.Layout(
    name: "Canvas", fileName: "canvas.csv", identity: ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"],
    keys: ["ID", "SIS User ID", "SIS Login ID", "Student"], pointsRow: true, noGrade: "")

  /// Moodle: the identity columns of its CSV export, then a column per grade item; the import
  /// maps `Email address` (or `ID number`, or `Username`) to the user, and each column to an item.
  /// Its import reads `-` as no grade.
  public static let moodle = LMSGradebook.Layout(
    name: "Moodle", fileName: "moodle.csv", identity: ["First name", "Last name", "ID number", "Email address", "Username"],
    keys: ["Email address", "ID number", "Username"], pointsRow: false, noGrade: "-")
}
