/// Gradebooks an LMS imports as they are: a points column per lesson beside the columns the
/// LMS identifies students by, a row per student on the roster.
///
/// A student with no graded folder gets empty cells, which both LMSs read as "no
/// change", and is listed in `roster.txt`; so is a folder no one on the roster owns.
public enum LMSGradebook {
  /// An LMS and the layout it imports.
  public struct Layout: Sendable {
    /// The LMS, as messages and file names say it.
    public var name: String
    /// The file written in the report folder.
    public var fileName: String
    /// The identity columns it reads, in its export's order.
    public var identity: [String]
    /// The columns of which the roster must have at least one to match a student.
    public var keys: [String]
    /// Whether a second row gives each column's points possible.
    public var pointsRow: Bool
  }

  /// The lesson's column title, the same in every LMS.
  public static func columnTitle(of lesson: Lesson) -> String {
    "Lesson \(lesson.number): \(lesson.title)"
  }

  /// The gradebook, or `nil` with the reason when the roster has no column the LMS matches students by.
  public static func csv(
    _ layout: Layout, records: [LearnerRecord], roster: Roster, lessons: [Lesson], points: Points
  ) -> Result<String, GradeError> {
    guard layout.keys.contains(where: roster.columns.contains) else {
      return .failure(.usage(
        "\(layout.fileName) is not written: the roster has none of \(layout.keys.joined(separator: ", ")), which \(layout.name) matches students by"))
    }
    let identity = layout.identity.filter(roster.columns.contains)
    var rows = [(identity + lessons.map(columnTitle)).map(Gradebook.field)]
    if layout.pointsRow {
      rows.append((["Points Possible"] + Array(repeating: "", count: identity.count - 1) + lessons.map { Points.text(points.maximum(of: $0)) }).map(Gradebook.field))
    }
    let byFolder = Dictionary(records.map { ($0.learner, $0) }, uniquingKeysWith: { first, _ in first })
    for student in roster.students {
      let record = byFolder[student.folder]
      let scores = lessons.map { lesson -> String in
        guard let entry = record?.lessons.first(where: { $0.lesson == lesson.number }) else { return "" }
        return Points.text(points.score(entry.result, of: lesson))
      }
      rows.append((identity.map { student.fields[$0] ?? "" } + scores).map(Gradebook.field))
    }
    return .success(rows.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n")
  }

  /// `roster.txt`: who is on the roster without a graded folder, and which folders are on no roster.
  public static func problems(records: [LearnerRecord], roster: Roster) -> (text: String, count: Int) {
    let (missing, unknown) = roster.reconcile(graded: records.map(\.learner))
    var lines = ["Roster: \(roster.students.count) students; \(records.count) folders graded."]
    lines.append(missing.isEmpty ? "Every student on the roster has a graded folder." : "On the roster, with no graded folder (empty cells in the LMS files): " + missing.map(\.folder).joined(separator: ", "))
    lines.append(unknown.isEmpty ? "Every graded folder is on the roster." : "Graded, but on no roster (not in the LMS files; add them to the roster): " + unknown.joined(separator: ", "))
    return (lines.joined(separator: "\n") + "\n", missing.count + unknown.count)
  }
}

extension LMSGradebook.Layout {
  /// Canvas: `Student, ID, SIS User ID, SIS Login ID, Section`, then a column per assignment,
  /// and a `Points Possible` row; a column Canvas does not know becomes a new assignment.
  public static let canvas = LMSGradebook.Layout(
    name: "Canvas", fileName: "canvas.csv", identity: ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"],
    keys: ["ID", "SIS User ID", "SIS Login ID", "Student"], pointsRow: true)

  /// Moodle: the identity columns of its CSV export, then a column per grade item; the import
  /// maps `Email address` (or `ID number`, or `Username`) to the user, and each column to an item.
  public static let moodle = LMSGradebook.Layout(
    name: "Moodle", fileName: "moodle.csv", identity: ["First name", "Last name", "ID number", "Email address", "Username"],
    keys: ["Email address", "ID number", "Username"], pointsRow: false)
}
