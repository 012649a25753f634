import Foundation
import GradeCatalog

/// The existing Canvas assignments lessons' grades go into, read from a small JSON file the
/// instructor owns (`--assignments`): `{"1": "Lesson 1 Quiz (4101)"}`, lesson numbers or slugs.
///
/// Canvas's gradebook export heads each assignment's column `Title (id)`, and its importer
/// matches a column to an existing assignment by that id; a column it cannot match becomes a
/// new assignment. So a lesson is mapped to a column the roster (the export) holds, as it is
/// spelled there, and `canvas.csv` heads the lesson's column with it.
enum CanvasAssignments {
  /// Reads the file: lesson number to column title; throws, naming the fix, for a column the
  /// roster does not hold, one with no `(id)`, or one given two lessons.
  static func read(_ url: URL, roster: Roster, catalog: Catalog) throws(GradeError) -> [Int: String] {
    guard let data = try? Data(contentsOf: url) else { throw .usage("cannot read the assignments file \(url.path)") }
    guard let object = try? JSONDecoder().decode([String: String].self, from: data) else {
      throw .usage("\(url.path) is not a JSON object of lessons and Canvas columns, such as {\"1\": \"Lesson 1 Quiz (4101)\"}")
    }
    return try map(object, roster: roster, catalog: catalog, name: url.path)
  }

  /// Checks and maps `object`, whose messages call it `name`.
  static func map(_ object: [String: String], roster: Roster, catalog: Catalog, name: String) throws(GradeError) -> [Int: String] {
    var byLesson: [Int: String] = [:]
    let existing = roster.columns.filter(isAssignmentColumn)
    for (key, column) in object.sorted(by: { $0.key < $1.key }) {
      guard let lesson = catalog.lesson(named: key) else {
        throw .usage("\(name) names \"\(key)\", which is no lesson; use a number or a slug from swift run grade list")
      }
      guard roster.columns.contains(column), isAssignmentColumn(column) else {
        throw .usage(
          "\(name) puts lesson \(key) into \"\(column)\", which is no assignment column of the roster; Canvas's export heads each one Title (id), "
            + (existing.isEmpty ? "and the roster has none: export the gradebook from Canvas after making the assignment" : "and the roster's are: " + existing.joined(separator: ", ")))
      }
      // canvas.csv writes the column defused, which must leave it as Canvas spells it.
      guard CSVCell.defused(column) == column else {
        throw .usage("\(name) puts lesson \(key) into \"\(column)\", a title a spreadsheet could run as a formula; rename the assignment in Canvas and export the gradebook again")
      }
      if let other = byLesson.first(where: { $0.value == column }) {
        throw .usage("\(name) puts lessons \(other.key) and \(lesson.number) into \"\(column)\"; give each lesson its own assignment")
      }
      byLesson[lesson.number] = column
    }
    return byLesson
  }

  /// Whether `column` is headed as Canvas's export heads an assignment: a title, then an id in parentheses.
  static func isAssignmentColumn(_ column: String) -> Bool {
    guard column.hasSuffix(")"), let open = column.lastIndex(of: "(") else { return false }
    let id = column[column.index(after: open)..<column.index(before: column.endIndex)]
    return open != column.startIndex && !id.isEmpty && id.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
