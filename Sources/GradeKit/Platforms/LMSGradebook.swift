import GradeCatalog

/// Gradebooks an LMS imports as they are: a points column per lesson beside the columns the
/// LMS identifies students by, a row per student on the roster.
///
/// The identity columns are copied from the roster unchanged, since the LMS matches students
/// by them: a row with a cell that cannot go into a CSV file unchanged (`CSVCell.isInert`), or
/// with no key the LMS can match it by, is left out of that LMS's file and named, never
/// rewritten, and the rest of the file is written. A student with no graded folder gets the
/// cell that LMS reads as no grade (Canvas: empty; Moodle: `-`), and is listed in `roster.txt`;
/// so is a folder no one on the roster owns.
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

  /// What one LMS's file takes from a roster: its identity columns, and the rows left out with why.
  public struct Plan: Sendable, Equatable {
    /// The identity columns, in the order the importer wants them.
    public var columns: [String]
    /// Rows of the roster the file leaves out, each with why.
    public var leftOut: [LeftOut]
  }

  /// A roster row one LMS's file leaves out, and why.
  public struct LeftOut: Sendable, Equatable {
    /// The student of the row.
    public var student: Roster.Student
    /// Why the row cannot go into the file unchanged.
    public var reason: String

    /// The row as screen and `roster.txt` name it.
    public var words: String { "\(LMSGradebook.describe(student)): \(reason)" }
  }

  /// The lesson's column title, the same in every LMS unless `assignments` maps it to another.
  public static func columnTitle(of lesson: Lesson, assignments: [Int: String] = [:]) -> String {
    assignments[lesson.number] ?? "Lesson \(lesson.number): \(lesson.title)"
  }

  /// What `layout`'s file will take from `roster`, or `nil` when the roster has none of the
  /// columns that LMS matches students by; throws, with the fix, only when the LMS would refuse
  /// the whole file. A row that would be refused or matched wrongly is left out, with why. Run
  /// before grading, so nothing waits on a roster that cannot be imported.
  static func plan(_ layout: Layout, roster: Roster) throws(GradeError) -> Plan? {
    let present = layout.identity.filter(roster.columns.contains)
    guard layout.keys.contains(where: roster.columns.contains) else { return nil }
    var columns = present
    var leftOut: [LeftOut] = []
    func empty(_ student: Roster.Student, _ column: String) -> Bool {
      (student.fields[column] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
    }
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
      // mapped), and a row that lacks one some students have is left out, since Moodle gives a row
      // with an empty key the student of the row before it.
      columns = present.filter { column in !layout.keys.contains(column) || roster.students.contains { !empty($0, column) } }
      guard layout.keys.contains(where: columns.contains) else {
        throw .usage("moodle.csv cannot be written: no student on the roster has an \(layout.keys.filter(present.contains).joined(separator: " or ")), which Moodle matches students by")
      }
    }
    for student in roster.students {
      if layout.name == "Canvas", ["Student", "ID", "SIS User ID", "SIS Login ID"].allSatisfy({ empty(student, $0) }) {
        leftOut.append(LeftOut(student: student, reason: "no Student, ID or SIS ID, so Canvas cannot match the row to a student"))
        continue
      }
      if let key = layout.keys.first(where: { layout.name != "Canvas" && columns.contains($0) && empty(student, $0) }) {
        leftOut.append(LeftOut(student: student, reason: "no \(key), and Moodle's import gives a row with an empty \(key) to the student of the row before it"))
        continue
      }
      // A cell the LMS matches by is never rewritten, so one a spreadsheet could run leaves its row out.
      let unsafe = columns.filter { !CSVCell.isInert(student.fields[$0] ?? "") }
      if !unsafe.isEmpty {
        leftOut.append(LeftOut(
          student: student,
          reason: unsafe.map { "\($0) \(CSVCell.shown(student.fields[$0] ?? ""))" }.joined(separator: ", ")
            + " could start a formula in a spreadsheet, and \(layout.name) matches students by \(unsafe.count == 1 ? "it" : "them"), so \(unsafe.count == 1 ? "it is" : "they are") not changed; correct the row in \(layout.name) and export the roster again"))
      }
    }
    return Plan(columns: columns, leftOut: leftOut)
  }

  /// The gradebook and the rows it leaves out, or the reason it is not written: the roster has no
  /// column the LMS matches students by, or the LMS would refuse the whole file. `assignments`
  /// names the column of a lesson that goes into an existing assignment.
  public static func csv(
    _ layout: Layout, records: [LearnerRecord], roster: Roster, lessons: [Lesson], points: Points, assignments: [Int: String] = [:]
  ) -> Result<(text: String, leftOut: [LeftOut]), GradeError> {
    let plan: Plan
    do {
      guard let made = try self.plan(layout, roster: roster) else {
        return .failure(.usage(
          "\(layout.fileName) is not written: the roster has none of \(layout.keys.joined(separator: ", ")), which \(layout.name) matches students by"))
      }
      plan = made
    } catch {
      return .failure(error)
    }
    let identity = plan.columns
    // Identity cells go as they are (rows that could not are left out); scores are the grader's own numbers.
    // A mapped assignment's column is one defusing leaves as Canvas spells it (`CanvasAssignments`).
    var rows = [identity.map { CSVCell.quoted($0) } + lessons.map { Gradebook.field(columnTitle(of: $0, assignments: assignments)) }]
    if layout.pointsRow {
      rows.append(["Points Possible"] + Array(repeating: "", count: identity.count - 1) + lessons.map { Points.text(points.maximum(of: $0)) })
    }
    let byFolder = Dictionary(records.map { ($0.learner, $0) }, uniquingKeysWith: { first, _ in first })
    let left = Set(plan.leftOut.map(\.student.line))
    for student in roster.students where !left.contains(student.line) {
      let record = byFolder[student.folder]
      let scores = lessons.map { lesson -> String in
        guard let entry = record?.lessons.first(where: { $0.lesson == lesson.number }) else { return layout.noGrade }
        return Points.text(points.score(entry.result, of: lesson))
      }
      rows.append(identity.map { CSVCell.quoted(student.fields[$0] ?? "") } + scores)
    }
    return .success((rows.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n", plan.leftOut))
  }

  /// The grade items to make in Moodle before importing `moodle.csv`, one line each: its column's
  /// title and the maximum grade, the lesson's points. Moodle's import reads no maxima, and a grade
  /// item it makes itself is out of 100.
  public static func moodleItems(_ lessons: [Lesson], points: Points) -> String {
    "Make these grade items in Moodle (Grades › Gradebook setup › Add grade item) before importing moodle.csv, "
      + "each with this maximum grade, and map each column to its item; an item the import makes itself is out of 100:\n"
      + lessons.map { "  \(columnTitle(of: $0)): \(Points.text(points.maximum(of: $0)))\n" }.joined()
  }

  /// `roster.txt`: who is on the roster without a graded folder, which folders are on no roster,
  /// and which rows were left out of which LMS file, and why; with how many of these there are.
  public static func problems(records: [LearnerRecord], roster: Roster, leftOut: [(file: String, rows: [LeftOut])] = []) -> (text: String, count: Int) {
    let (missing, unknown) = roster.reconcile(graded: records.map(\.learner))
    var lines = ["Roster: \(roster.students.count) students; \(records.count) folders graded."]
    lines.append(
      missing.isEmpty
        ? "Every student on the roster has a graded folder."
        : "On the roster, with no graded folder (no grade in the LMS files: empty in canvas.csv, - in moodle.csv): " + missing.map(\.folder).joined(separator: ", "))
    lines.append(unknown.isEmpty ? "Every graded folder is on the roster." : "Graded, but on no roster (not in the LMS files; add them to the roster): " + unknown.joined(separator: ", "))
    if !roster.skipped.isEmpty {
      lines.append("Rows of the roster left out of every LMS file: " + roster.skipped.map { "line \($0.line), \($0.reason)" }.joined(separator: "; "))
    }
    for (file, rows) in leftOut where !rows.isEmpty {
      lines.append("Left out of \(file) (gradebook.csv has every graded folder): " + rows.map(\.words).joined(separator: "; "))
    }
    let leftCount = leftOut.reduce(0) { $0 + $1.rows.count }
    return (lines.joined(separator: "\n") + "\n", missing.count + unknown.count + roster.skipped.filter(\.isProblem).count + leftCount)
  }

  /// A student as messages name them: their name in the roster, and their folder.
  static func describe(_ student: Roster.Student) -> String {
    let name = [student.fields["Student"], student.fields["First name"], student.fields["Last name"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    return "\(name.isEmpty ? "the student" : CSVCell.spelledOut(name)) (line \(student.line), folder \(CSVCell.spelledOut(student.folder)))"
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
