import Foundation
import GradeCatalog

/// Who the class is, as the LMS knows them: a CSV with a `folder` column naming each
/// student's submission folder, beside the columns the LMS identifies students by.
///
/// Name those columns as the LMS exports them (`Student`, `ID`, `SIS User ID`,
/// `SIS Login ID`, `Section` for Canvas; `First name`, `Last name`, `ID number`,
/// `Email address`, `Username` for Moodle), so a gradebook exported from the LMS,
/// with a `folder` column added, is a roster as it is: separated by `,` or `;`, with
/// a byte-order mark or without, other columns (assignments, scores) ignored, and
/// the rows of Canvas's export that are no student (its `Points Possible` row, the
/// Student View's `Student, Test`) left out and listed.
public struct Roster: Sendable, Equatable {
  /// The column that names each student's submission folder.
  public static let folderColumn = "folder"

  /// One student.
  public struct Student: Sendable, Equatable {
    /// Their submission folder's name.
    public var folder: String
    /// Every other column of their row, by column name.
    public var fields: [String: String]
    /// Their row's line in the roster, for messages.
    public var line: Int = 0
  }

  /// A row of the roster that is no student, with why it was left out.
  public struct SkippedRow: Sendable, Equatable {
    /// Its line in the roster.
    public var line: Int
    /// What it is, such as "Canvas's Points Possible row", or what is wrong with it.
    public var reason: String
    /// Whether it is a student's row the roster got wrong (no folder, a folder twice), rather
    /// than a row of the LMS's export that is no student.
    public var isProblem: Bool = false
  }

  /// The roster's columns other than `folder`, in file order.
  public var columns: [String]
  /// The students, in file order.
  public var students: [Student]
  /// Rows that are no student, left out.
  public var skipped: [SkippedRow] = []

  /// Reads a roster, or says which line is wrong and how.
  public static func read(_ url: URL) throws(GradeError) -> Roster {
    guard let data = try? Data(contentsOf: url) else { throw .usage("cannot read the roster \(url.path)") }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .usage("the roster \(url.path) is not UTF-8 text; save it as CSV UTF-8")
    }
    return try parse(text, name: url.path)
  }

  /// Parses a roster's text; `name` is how messages call the file.
  static func parse(_ text: String, name: String) throws(GradeError) -> Roster {
    let table: CSVTable
    do {
      table = try CSVTable(parsing: text)
    } catch {
      throw .usage("the roster \(name) is not CSV at line \(error.line): \(error.reason)")
    }
    guard let folderIndex = table.columns.firstIndex(of: folderColumn) else {
      throw .usage("the roster \(name) has no \(folderColumn) column naming each student's submission folder; its columns are \(table.columns.joined(separator: ", "))")
    }
    var seen: [String: Int] = [:]
    var students: [Student] = []
    var skipped: [SkippedRow] = []
    for (line, fields) in table.rows {
      let folder = fields[folderIndex].trimmingCharacters(in: .whitespaces)
      if let reason = notAStudent(fields, columns: table.columns) {
        skipped.append(SkippedRow(line: line, reason: reason))
        continue
      }
      // A row the roster got wrong is left out and named; the rest of the class goes on.
      guard !folder.isEmpty else {
        skipped.append(SkippedRow(line: line, reason: "no folder (fill in its \(folderColumn) cell)", isProblem: true))
        continue
      }
      if let earlier = seen[folder] {
        skipped.append(SkippedRow(line: line, reason: "the folder \(folder) again, as at line \(earlier) (give each student their own folder)", isProblem: true))
        if let first = students.firstIndex(where: { $0.folder == folder }) {
          skipped.append(SkippedRow(line: earlier, reason: "the folder \(folder) again, as at line \(line) (give each student their own folder)", isProblem: true))
          students.remove(at: first)
        }
        continue
      }
      seen[folder] = line
      var byColumn: [String: String] = [:]
      for (index, column) in table.columns.enumerated() where index != folderIndex { byColumn[column] = fields[index] }
      students.append(Student(folder: folder, fields: byColumn, line: line))
    }
    skipped.sort { $0.line < $1.line }
    guard !students.isEmpty else { throw .usage("the roster \(name) lists no students") }
    return Roster(columns: table.columns.filter { $0 != folderColumn }, students: students, skipped: skipped)
  }

  /// Why a row of an LMS export is no student, or `nil` for a student's row.
  ///
  /// Canvas's export has a `Points Possible` row under its header (its importer reads the row as
  /// points, not as a student), and a row for the Student View's test student, named
  /// `Student, Test`; newer exports add a row of posting policies with no name. None has a folder.
  static func notAStudent(_ fields: [String], columns: [String]) -> String? {
    func value(_ column: String) -> String {
      columns.firstIndex(of: column).map { fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
    }
    let student = value("Student")
    if student.contains("Points Possible") { return "Canvas's Points Possible row" }
    if value(folderColumn).isEmpty {
      if ["Student, Test", "Test Student"].contains(student) { return "Canvas's test student (Student View)" }
      let identity = ["Student", "ID", "SIS User ID", "SIS Login ID", "First name", "Last name", "ID number", "Email address", "Username"]
      if identity.allSatisfy({ value($0).isEmpty }) { return "a row with no student in it" }
    }
    return nil
  }

  /// Students on the roster with no graded folder, and graded folders no one on the roster owns.
  public func reconcile(graded learners: [String]) -> (missing: [Student], unknown: [String]) {
    let graded = Set(learners)
    let listed = Set(students.map(\.folder))
    return (students.filter { !graded.contains($0.folder) }, learners.filter { !listed.contains($0) }.sorted())
  }
}
