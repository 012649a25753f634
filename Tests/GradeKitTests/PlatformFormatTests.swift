import Foundation
@testable import GradeCatalog
@testable import GradeFeedback
@testable import GradeKit
@testable import GradeResults
import GradeProcesses
import GradeTestSupport
import Testing

/// The files made for platforms instructors grade on, each checked against its documented shape.
@Suite("Gradebooks for Gradescope, GitHub Classroom, Canvas and Moodle")
struct PlatformFormatTests {
  static let workbook = try! Workbook.load(at: HostileLab.repository)
  static var lessons: [Lesson] { Array(workbook.catalog.lessons.prefix(2)) }

  /// A record where `learner` passed the first `passed` tasks of each lesson.
  static func record(_ learner: String, passed: Int) -> LearnerRecord {
    LearnerRecord(learner: learner, fingerprint: "f", lessons: lessons.map { lesson in
      LearnerRecord.LessonEntry(lesson: lesson.number, slug: lesson.slug, result: LessonResult(
        lessonNumber: lesson.number,
        tasks: lesson.tasks.map { $0.number <= passed ? .passed($0.number) : .failing($0.number, [.noLearnerTests]) }))
    })
  }

  // MARK: CSV and the roster

  @Test("A CSV field may hold commas, doubled quotes and line breaks; a byte-order mark and CRLF are read as spreadsheets write them")
  func csvFields() throws {
    let table = try CSVTable(parsing: "\u{FEFF}folder,Student\r\nann,\"Lee, Ann \"\"A\"\"\"\r\nbo,\"two\nlines\"\r\n\r\n")
    #expect(table.columns == ["folder", "Student"])
    #expect(table.rows.map(\.fields) == [["ann", "Lee, Ann \"A\""], ["bo", "two\nlines"]])
    #expect(table.rows.map(\.line) == [2, 3])
  }

  @Test("A malformed CSV names its line and what is wrong", arguments: [
    ("folder,ID\nann,\"1\n", 2, "a quoted field that never ends"),
    ("folder,ID\nann,1\nbo\n", 3, "1 fields where the header has 2"),
    ("folder,ID\nann,1\"2\"\n", 2, "a quote inside an unquoted field"),
    ("", 1, "no header row"),
  ])
  func malformedCSV(text: String, line: Int, reason: String) {
    #expect(throws: CSVTable.Malformed(line: line, reason: reason)) { try CSVTable(parsing: text) }
  }

  @Test("A roster without a folder column, that is not CSV or that has no student is refused, naming the line", arguments: [
    ("Student,ID\nAnn,1\n", "has no folder column naming each student's submission folder; its columns are Student, ID"),
    // A ;-separated roster is read with ;, so what it lacks is said by column.
    ("Student;ID\nAnn;1\n", "has no folder column naming each student's submission folder; its columns are Student, ID"),
    ("folder;ID\nann;1\nbo\n", "is not CSV at line 3: 1 fields where the header has 2"),
    ("folder,ID\n ,1\n", "lists no students"),
    ("folder,ID\n", "lists no students"),
    ("folder,ID\nann,\"1\n", "is not CSV at line 2: a quoted field that never ends"),
  ])
  func badRoster(text: String, fragment: String) {
    #expect {
      try Roster.parse(text, name: "roster.csv")
    } throws: { error in
      guard case GradeError.usage(let message) = error else { return false }
      return message.contains(fragment)
    }
  }

  @Test("Points come per lesson, by number or slug, split over its tasks; a lesson not named is a point a task")
  func points() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "points-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let second = Self.lessons[1]
    try Data("{\"1\": 10, \"\(second.slug)\": 0}".utf8).write(to: file)
    let points = try Points.read(file, catalog: Self.workbook.catalog)
    let first = Self.lessons[0]
    #expect(points.maximum(of: first) == 10)
    #expect(points.maximum(of: second) == 0)
    #expect(Points().maximum(of: first) == Double(first.tasks.count))
    let result = Self.record("a", passed: 1).lessons[0].result
    #expect(points.score(result, of: first) == points.shares(of: first)[0])

    for (text, fragment) in [("{\"99\": 1}", "names \"99\", which is no lesson"), ("{\"1\": -2}", "gives lesson 1 -2.0 points"), ("[1]", "is not a JSON object")] {
      try Data(text.utf8).write(to: file)
      #expect {
        try Points.read(file, catalog: Self.workbook.catalog)
      } throws: { error in
        guard case GradeError.usage(let message) = error else { return false }
        return message.contains(fragment)
      }
    }
  }

  // MARK: LMS gradebooks

  static let roster = try! Roster.parse(
    """
    Student,ID,SIS User ID,SIS Login ID,Section,Email address,folder
    "Lee, Ann",101,S1,ann,A,ann@uni.edu,ann
    "Ng, Bo",102,S2,bo,A,bo@uni.edu,bo
    Cy Away,103,S3,cy,B,cy@uni.edu,cy

    """, name: "roster.csv")

  @Test("Canvas gets its export's columns, a Points Possible row and a points column per lesson; a student with no folder gets empty cells")
  func canvas() throws {
    let records = [Self.record("ann", passed: 2), Self.record("bo", passed: 0), Self.record("zed", passed: 1)]
    let text = try LMSGradebook.csv(.canvas, records: records, roster: Self.roster, lessons: Self.lessons, points: Points(byLesson: [1: 10])).get().text
    let rows = try CSVTable(parsing: text)
    let (one, two) = (Self.lessons[0], Self.lessons[1])
    #expect(rows.columns == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", LMSGradebook.columnTitle(of: one), LMSGradebook.columnTitle(of: two)])
    #expect(rows.rows[0].fields == ["Points Possible", "", "", "", "", "10", "\(two.tasks.count)"])
    let shares = Points(byLesson: [1: 10]).shares(of: one)
    #expect(rows.rows[1].fields == ["Lee, Ann", "101", "S1", "ann", "A", Points.text(shares[0] + shares[1]), "2"])
    #expect(rows.rows[2].fields == ["Ng, Bo", "102", "S2", "bo", "A", "0", "0"])
    #expect(rows.rows[3].fields == ["Cy Away", "103", "S3", "cy", "B", "", ""])
    #expect(rows.rows.count == 4, "zed is on no roster and has no row")
    #expect(text.hasSuffix("\r\n"))

    let problems = LMSGradebook.problems(records: records, roster: Self.roster)
    #expect(problems.count == 2)
    #expect(problems.text.contains("with no graded folder (no grade in the LMS files: empty in canvas.csv, - in moodle.csv): cy"))
    #expect(problems.text.contains("Graded, but on no roster (not in the LMS files; add them to the roster): zed"))
  }

  @Test("Moodle gets the identity columns of its export and a grade-item column per lesson; with no column it matches by, it is not written")
  func moodle() throws {
    let text = try LMSGradebook.csv(.moodle, records: [Self.record("ann", passed: 1)], roster: Self.roster, lessons: Self.lessons, points: Points()).get().text
    let rows = try CSVTable(parsing: text)
    #expect(rows.columns == ["Email address", LMSGradebook.columnTitle(of: Self.lessons[0]), LMSGradebook.columnTitle(of: Self.lessons[1])])
    // Moodle's import reads "-" as no grade.
    #expect(rows.rows.map(\.fields) == [["ann@uni.edu", "1", "1"], ["bo@uni.edu", "-", "-"], ["cy@uni.edu", "-", "-"]])

    let canvasOnly = try Roster.parse("folder,ID\nann,1\n", name: "r")
    guard case .failure(let reason) = LMSGradebook.csv(.moodle, records: [], roster: canvasOnly, lessons: Self.lessons, points: Points()) else {
      Issue.record("a roster Moodle cannot match made a gradebook")
      return
    }
    #expect(reason.message == "moodle.csv is not written: the roster has none of Email address, ID number, Username, which Moodle matches students by")
  }

  @Test("A roster row with no folder, or a folder given twice, is left out of every LMS file and named; the other students stay")
  func badRosterRows() throws {
    let roster = try Roster.parse("folder,ID\nann,1\nbo,2\n ,3\nann,4\ncy,5\n", name: "roster.csv")
    #expect(roster.students.map(\.folder) == ["bo", "cy"])
    #expect(roster.skipped.map(\.line) == [2, 4, 5])
    #expect(roster.skipped.allSatisfy { $0.isProblem })
    #expect(roster.skipped[1].reason == "no folder (fill in its folder cell)")
    #expect(roster.skipped[0].reason == "the folder ann again, as at line 5 (give each student their own folder)")
    let problems = LMSGradebook.problems(records: [], roster: roster)
    #expect(problems.text.contains("Rows of the roster left out of every LMS file: line 2, the folder ann again, as at line 5"), "\(problems.text)")
    #expect(problems.count == 2 + 3, "bo and cy have no graded folder, and three rows are left out")
  }

  // MARK: Rosters as the LMSs export them

  /// A Canvas gradebook export (Grades › Export) with a folder column added: a byte-order mark, the
  /// Integration ID and score columns, the "Points Possible" row and the Student View's test student.
  static let canvasExport = """
    \u{FEFF}Student,ID,SIS User ID,SIS Login ID,Integration ID,Section,Lesson 1: Expecting (1234),Current Score,Final Score,folder\r
        Points Possible,,,,,,3,(read only),(read only),\r
    "Lee, Ann",101,S1,ann,,Sec A,2,66.67,66.67,ann\r
    "Student, Test",999,,4f2a,,Sec A,,,,\r
    "Ng, Bo",102,S2,bo,,Sec B,,,,bo\r

    """

  @Test("Canvas's gradebook export is a roster as it is, with , or ; between fields; its Points Possible and test student rows are left out and listed", arguments: [",", ";"])
  func canvasExportRoster(separator: String) throws {
    // Excel in a European locale saves the same export with ; between fields (and keeps the quoted names).
    let text = separator == "," ? Self.canvasExport : Self.canvasExport.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var inQuotes = false
      return String(line.map { character -> Character in
        if character == "\"" { inQuotes.toggle() }
        return character == "," && !inQuotes ? ";" : character
      })
    }.joined(separator: "\n")
    let roster = try Roster.parse(text, name: "roster.csv")
    #expect(roster.students.map(\.folder) == ["ann", "bo"])
    #expect(roster.students.map(\.line) == [3, 5])
    #expect(roster.skipped.map(\.line) == [2, 4])
    let csv = try LMSGradebook.csv(.canvas, records: [Self.record("ann", passed: 3)], roster: roster, lessons: [Self.lessons[0]], points: Points()).get().text
    let table = try CSVTable(parsing: csv)
    #expect(table.columns == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", LMSGradebook.columnTitle(of: Self.lessons[0])])
    #expect(table.rows[1].fields.prefix(5) == ["Lee, Ann", "101", "S1", "ann", "Sec A"])
    #expect(LMSGradebook.problems(records: [], roster: roster).text.contains("line 2, Canvas's Points Possible row; line 4, Canvas's test student (Student View)"))
  }

  /// Whether `body` throws a usage error holding `fragment`.
  static func refuses(_ fragment: String, _ body: () throws -> Void) -> Bool {
    do {
      try body()
      return false
    } catch GradeError.usage(let message) {
      if !message.contains(fragment) { Issue.record("\(message)") }
      return message.contains(fragment)
    } catch {
      return false
    }
  }

  @Test("A roster whose canvas.csv Canvas would refuse is refused before grading, with the columns to add", arguments: [
    ("Student,ID,SIS User ID,folder\nAnn,1,S1,ann\n", "Add Section, SIS Login ID to the roster"),
    ("ID,SIS Login ID,Section,folder\n1,ann,A,ann\n", "Add Student to the roster"),
  ])
  func canvasHeader(text: String, fragment: String) throws {
    let roster = try Roster.parse(text, name: "roster.csv")
    #expect(Self.refuses(fragment) { _ = try LMSGradebook.plan(.canvas, roster: roster) })
    // Student, ID, SIS Login ID, Section is a header Canvas reads.
    let fine = try Roster.parse("Student,ID,SIS Login ID,Section,folder\nAnn,1,ann,A,ann\n", name: "r")
    #expect(try LMSGradebook.plan(.canvas, roster: fine)?.columns == ["Student", "ID", "SIS Login ID", "Section"])
  }

  /// A roster as Canvas exports it, with rows whose cells could start a formula after a tab, a `|`, a line
  /// break, an invisible character or a separator, and one Canvas cannot match.
  static let hostileRoster = try! Roster.parse(
    "Student,ID,Section,Email address,folder\nAnn,1,A,ann@uni.edu,ann\n=HYPERLINK(1),2,\"Sec; =cmd|' /C calc'!A0\",＝1@x.y,bo\n"
      + "\"Cy\t=1+1\",3,A,cy@uni.edu,cy\nDi,4,x|=1,di@uni.edu,di\n\"Ed\n@SUM(1)\",5,A,ed@uni.edu,ed\nFay,6,A,\u{200B}-1+1,fay\n,,A,,gus\n", name: "r")

  @Test("A cell the LMS matches students by is never rewritten: its row is left out of that LMS's file, named, and the rest is written")
  func unsafeIdentity() throws {
    let roster = Self.hostileRoster
    let canvas = try #require(try LMSGradebook.plan(.canvas, roster: roster))
    #expect(canvas.leftOut.map(\.student.folder) == ["bo", "cy", "di", "ed", "gus"])
    #expect(canvas.leftOut[0].words.hasPrefix("=HYPERLINK(1) (line 3, folder bo): Student \"=HYPERLINK(1)\", Section \"Sec; =cmd|' /C calc'!A0\" could start a formula"), "\(canvas.leftOut[0].words)")
    #expect(canvas.leftOut[4].reason == "no Student, ID or SIS ID, so Canvas cannot match the row to a student")
    let moodle = try #require(try LMSGradebook.plan(.moodle, roster: roster))
    #expect(moodle.leftOut.map(\.student.folder) == ["bo", "fay", "gus"])

    let records = ["ann", "bo", "cy", "fay"].map { Self.record($0, passed: 1) }
    let made = try LMSGradebook.csv(.canvas, records: records, roster: roster, lessons: [Self.lessons[0]], points: Points()).get()
    let table = try CSVTable(parsing: made.text)
    #expect(table.rows.map { $0.fields[0] } == ["Points Possible", "Ann", "Fay"])
    // Every cell of the file starts as a cell may, after any separator, whitespace or invisible character.
    for row in [table.columns] + table.rows.map(\.fields) { for cell in row { #expect(CSVCell.isInert(cell), "\(cell)") } }
    let moodleText = try LMSGradebook.csv(.moodle, records: records, roster: roster, lessons: [Self.lessons[0]], points: Points()).get()
    #expect(try CSVTable(parsing: moodleText.text).rows.map { $0.fields[0] } == ["ann@uni.edu", "cy@uni.edu", "di@uni.edu", "ed@uni.edu"])
    let problems = LMSGradebook.problems(records: records, roster: roster, leftOut: [("canvas.csv", made.leftOut), ("moodle.csv", moodleText.leftOut)])
    #expect(problems.text.contains("Left out of canvas.csv (gradebook.csv has every graded folder): =HYPERLINK(1) (line 3, folder bo)"), "\(problems.text)")
    #expect(problems.text.contains("Left out of moodle.csv (gradebook.csv has every graded folder): =HYPERLINK(1) (line 3, folder bo)"))
  }

  @Test("Moodle: a key column no student has is left out; a row with an empty key is left out by name; ; works")
  func moodleKeys() throws {
    // Moodle's own export: ID number is often empty for everyone.
    let export = "First name;Last name;ID number;Institution;Department;Email address;folder\nAnn;Lee;;;;ann@uni.edu;ann\nBo;Ng;;;;bo@uni.edu;bo\n"
    let roster = try Roster.parse(export, name: "r")
    #expect(try LMSGradebook.plan(.moodle, roster: roster)?.columns == ["First name", "Last name", "Email address"])
    #expect(try LMSGradebook.plan(.canvas, roster: roster) == nil)
    let text = try LMSGradebook.csv(.moodle, records: [Self.record("ann", passed: 1)], roster: roster, lessons: [Self.lessons[0]], points: Points()).get().text
    #expect(text.hasPrefix("First name,Last name,Email address,Lesson 1"))
    #expect(text.contains("Bo,Ng,bo@uni.edu,-\r\n"))

    let gap = try Roster.parse("First name,Last name,Email address,folder\nAnn,Lee,ann@uni.edu,ann\nBo,Ng,,bo\n", name: "r")
    let made = try LMSGradebook.csv(.moodle, records: [], roster: gap, lessons: [Self.lessons[0]], points: Points()).get()
    #expect(made.leftOut.map(\.words) == ["Bo Ng (line 3, folder bo): no Email address, and Moodle's import gives a row with an empty Email address to the student of the row before it"])
    #expect(!made.text.contains("Bo"))
  }

  @Test("A lesson mapped to an existing Canvas assignment heads its column as the roster does, Title (id); a column the roster lacks is refused with those it has")
  func canvasAssignments() throws {
    let roster = try Roster.parse(Self.canvasExport, name: "roster.csv")
    let catalog = Self.workbook.catalog
    let mapped = try CanvasAssignments.map(["1": "Lesson 1: Expecting (1234)"], roster: roster, catalog: catalog, name: "a.json")
    #expect(mapped == [1: "Lesson 1: Expecting (1234)"])
    let text = try LMSGradebook.csv(.canvas, records: [Self.record("ann", passed: 9)], roster: roster, lessons: Self.lessons, points: Points(), assignments: mapped).get().text
    let table = try CSVTable(parsing: text)
    #expect(table.columns.suffix(2) == ["Lesson 1: Expecting (1234)", LMSGradebook.columnTitle(of: Self.lessons[1])])
    #expect(Self.refuses("puts lesson 1 into \"Lesson 1 Quiz (9)\", which is no assignment column of the roster; Canvas's export heads each one Title (id), and the roster's are: Lesson 1: Expecting (1234)") {
      _ = try CanvasAssignments.map(["1": "Lesson 1 Quiz (9)"], roster: roster, catalog: catalog, name: "a.json")
    })
    #expect(Self.refuses("is no assignment column") { _ = try CanvasAssignments.map(["1": "Current Score"], roster: roster, catalog: catalog, name: "a.json") })
    let formula = try Roster.parse("Student,ID,Section,=1+1 (7),folder\nAnn,1,A,,ann\n", name: "r")
    #expect(Self.refuses("a title a spreadsheet could run as a formula") { _ = try CanvasAssignments.map(["1": "=1+1 (7)"], roster: formula, catalog: catalog, name: "a.json") })
    #expect(Self.refuses("which is no lesson") { _ = try CanvasAssignments.map(["99": "Lesson 1: Expecting (1234)"], roster: roster, catalog: catalog, name: "a.json") })
    #expect(CanvasAssignments.isAssignmentColumn("Quiz (4101)") && !CanvasAssignments.isAssignmentColumn("(4101)") && !CanvasAssignments.isAssignmentColumn("Score (read only)"))
  }

  @Test("Moodle's grade items are said with each lesson's maximum, since its import makes new ones out of 100")
  func moodleItems() {
    let text = LMSGradebook.moodleItems(Self.lessons, points: Points(byLesson: [1: 10]))
    #expect(text.contains("  \(LMSGradebook.columnTitle(of: Self.lessons[0])): 10\n"))
    #expect(text.contains("  \(LMSGradebook.columnTitle(of: Self.lessons[1])): \(Self.lessons[1].tasks.count)\n"))
    #expect(text.contains("out of 100"))
  }

  @Test("A perfect student gets exactly the lesson's points in gradebook.csv, canvas.csv, moodle.csv, results.json and the Classroom workflow")
  func pointsAddUp() throws {
    let points = Points(byLesson: [1: 10, 2: 7])
    let (one, two) = (Self.lessons[0], Self.lessons[1])
    #expect(points.shares(of: one).reduce(0, +) == 10)
    #expect(points.shares(of: one, unit: 1).map { Int($0) }.reduce(0, +) == 10)
    let perfect = Self.record("ann", passed: 99)
    let expected = ["10", "7"]

    let gradebook = try CSVTable(parsing: Gradebook.csv([perfect], lessons: Self.lessons, points: points))
    let row = gradebook.rows[0].fields
    #expect([row[gradebook.columns.firstIndex(of: "L1 points")!], row[gradebook.columns.firstIndex(of: "L2 points")!]] == expected)
    #expect(row[gradebook.columns.firstIndex(of: "points")!] == "17")

    for layout in [LMSGradebook.Layout.canvas, .moodle] {
      let table = try CSVTable(parsing: LMSGradebook.csv(layout, records: [perfect], roster: Self.roster, lessons: Self.lessons, points: points).get().text)
      let ann = try #require(table.rows.first { $0.fields.contains("ann@uni.edu") || $0.fields.contains("Lee, Ann") })
      #expect(Array(ann.fields.suffix(2)) == expected, "\(layout.name)")
      if layout.pointsRow { #expect(Array(table.rows[0].fields.suffix(2)) == expected) }
    }

    let graded = zip(Self.lessons, perfect.lessons.map(\.result)).map { ($0, $1) }
    let results = try Self.checkGradescopeShape(GradescopeResults.encode(graded, points: points, seconds: 1))
    #expect((results["score"] as? NSNumber)?.doubleValue == 17)

    let yaml = try ClassroomWorkflow.yaml(lessons: Self.lessons, points: points)
    let scores = yaml.split(separator: "\n").compactMap { line -> Int? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.hasPrefix("max-score: ") ? Int(trimmed.dropFirst(11)) : nil
    }
    #expect(scores.count == one.tasks.count + two.tasks.count)
    #expect(scores.prefix(one.tasks.count).reduce(0, +) == 10 && scores.suffix(two.tasks.count).reduce(0, +) == 7)
    #expect(Self.refuses("GitHub Classroom reads a test's max-score as a whole number (parseInt)") {
      _ = try ClassroomWorkflow.yaml(lessons: Self.lessons, points: Points(byLesson: [1: 2.5]))
    })
  }

  // MARK: Gradescope

  /// Lays out `files` (path in the upload → text) as Gradescope puts an upload in `/autograder/submission`.
  static func upload(_ files: [String: String], links: [String: String] = [:]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appending(path: "upload-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appending(path: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    for (path, target) in links {
      let url = root.appending(path: path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }
    return root
  }

  @Test("A Gradescope upload is found flat (the files dragged in), as a zip of the workbook folder, or one folder down; what is missing is said with what was found where")
  func gradescopeUploads() throws {
    let lesson = Self.lessons[0]
    let files = lesson.ownedFiles
    let layouts: [[String: String]] = [
      Dictionary(uniqueKeysWithValues: files.map { (String($0.split(separator: "/").last!), $0) }),
      Dictionary(uniqueKeysWithValues: files.map { ("workbook/Lessons/\(lesson.folder)/\($0)", $0) }),
      Dictionary(uniqueKeysWithValues: files.map { ("my-work/\(lesson.folder)/\($0)", $0) }),
      Dictionary(uniqueKeysWithValues: files.map { ("Lessons/\(lesson.folder)/\($0)", $0) }),
    ]
    for layout in layouts {
      let upload = try Self.upload(layout.merging(["__MACOSX/._x": "junk"]) { a, _ in a })
      defer { try? FileManager.default.removeItem(at: upload) }
      let located = GradescopeSubmission(upload, lessons: [lesson])
      #expect(located.placed.allSatisfy { $0.found != nil && $0.refused == nil }, "\(layout.keys.sorted())")
      #expect(located.report([lesson]).isEmpty)
      let staged = upload.appending(path: "../staged-\(UUID().uuidString)").standardizedFileURL
      defer { try? FileManager.default.removeItem(at: staged) }
      try located.stage(from: upload, into: staged, lessons: [lesson])
      for file in files {
        #expect(try String(contentsOf: staged.appending(path: "\(lesson.folder)/\(file)"), encoding: .utf8) == file)
      }
    }

    // One file missing, one a link (which could reach the autograder's own solutions): said, and not staged.
    let upload = try Self.upload(
      [String(files[0].split(separator: "/").last!): "x"], links: ["Lessons": "/autograder/source/workbook/Solutions", String(files[1].split(separator: "/").last!): "/etc/passwd"])
    defer { try? FileManager.default.removeItem(at: upload) }
    let located = GradescopeSubmission(upload, lessons: [lesson])
    let report = located.report([lesson]).values.joined()
    #expect(report.contains("found `\(files[0])` at `\(files[0].split(separator: "/").last!)`"), "\(report)")
    #expect(report.contains("which is a symbolic link"), "\(report)")
    #expect(report.contains("`\(files[2])`"), "\(report)")
    #expect(located.placed.filter { $0.found != nil && $0.refused == nil }.count == 1)
  }


  /// The fields Gradescope's autograder documentation gives results.json and each of its tests.
  static let resultsFields: Set = [
    "score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility",
    "stdout_visibility", "extra_data", "tests", "leaderboard",
  ]
  static let testFields: Set = ["score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags", "visibility", "extra_data"]

  /// Checks `text` against Gradescope's documented shape and returns it decoded.
  @Test("A zip left in a Gradescope submission gives up only the regular files a lesson names, at safe paths; links and paths that climb out are never made")
  func submissionZip() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "zip-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root.appending(path: "submission/inner"), withIntermediateDirectories: true)
    let spawner = Spawner()
    func zip(_ name: String, _ entries: [StoredZip.Entry]) throws -> SubmissionZip {
      try StoredZip.make(entries).write(to: root.appending(path: "submission/\(name)"))
      return SubmissionZip(name: name, url: root.appending(path: "submission/\(name)"))
    }
    let good = try zip("work.zip", [
      .init(path: "work/Lessons/01-x/Sources/A.swift", data: Data("let a = 1\n".utf8)),
      .init(path: "work/Lessons/01-x/Sources/B.swift", data: Data("/etc/passwd".utf8), isLink: true),
      .init(path: "work/notes.txt", data: Data("not wanted".utf8)),
    ])
    try Data().write(to: root.appending(path: "submission/inner/other.zip"))
    try FileManager.default.createSymbolicLink(at: root.appending(path: "submission/linked.zip"), withDestinationURL: good.url)
    #expect(SubmissionZip.find(in: root.appending(path: "submission")).map(\.name) == ["work.zip", "inner/other.zip"], "a link to a zip is no zip")

    let into = root.appending(path: "out")
    let written = try good.unpack(into: into, wanted: ["A.swift", "B.swift"], spawner: spawner).get()
    #expect(written == ["work/Lessons/01-x/Sources/A.swift"])
    #expect(try String(contentsOf: into.appending(path: "work/Lessons/01-x/Sources/A.swift"), encoding: .utf8) == "let a = 1\n")
    #expect(!FileManager.default.fileExists(atPath: into.appending(path: "work/Lessons/01-x/Sources/B.swift").path))
    #expect(!FileManager.default.fileExists(atPath: into.appending(path: "work/notes.txt").path))

    for (name, entries, reason) in [
      ("climb.zip", [StoredZip.Entry(path: "../../A.swift", data: Data("x".utf8))], "a path that is not taken"),
      ("absolute.zip", [StoredZip.Entry(path: "/tmp/A.swift", data: Data("x".utf8))], "a path that is not taken"),
      ("twice.zip", [StoredZip.Entry(path: "A.swift", data: Data("x".utf8)), StoredZip.Entry(path: "A.swift", data: Data("y".utf8))], "does not unpack to the size"),
      ("many.zip", (0...SubmissionZip.maximumFilesTaken).map { StoredZip.Entry(path: "\($0)/A.swift", data: Data("x".utf8)) }, "more of the lessons' files than a workbook has"),
    ] {
      let hostile = try zip(name, entries)
      let escape = root.appending(path: "escape-\(name)")
      guard case .failure(let refused) = hostile.unpack(into: escape.appending(path: "a/b"), wanted: ["A.swift"], spawner: spawner) else {
        Issue.record("\(name) was unpacked")
        continue
      }
      #expect(refused.reason.contains(reason), "\(name): \(refused.reason)")
      #expect(!FileManager.default.fileExists(atPath: root.appending(path: "A.swift").path))
      #expect(!FileManager.default.fileExists(atPath: "/tmp/A.swift") || name != "absolute.zip")
    }
    let notAZip = SubmissionZip(name: "inner/other.zip", url: root.appending(path: "submission/inner/other.zip"))
    guard case .failure(let refused) = notAZip.unpack(into: into, wanted: ["A.swift"], spawner: spawner) else {
      Issue.record("an empty file was unpacked as a zip")
      return
    }
    #expect(refused.reason.contains("is not a zip file unzip can read"))
    #expect(SubmissionZip.isSafe("work/Lessons/01-expect-and-require/Sources/Score Validator (2).swift"))
    #expect(!SubmissionZip.isSafe("a/./b") && !SubmissionZip.isSafe("a//b") && !SubmissionZip.isSafe("-o") && !SubmissionZip.isSafe("a/*.swift"))
  }

  static func checkGradescopeShape(_ text: String) throws -> [String: Any] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(Set(object.keys).isSubset(of: resultsFields), "\(object.keys)")
    #expect(object["score"] is NSNumber)
    for key in ["visibility", "stdout_visibility"] {
      if let value = object[key] { #expect(["hidden", "after_due_date", "after_published", "visible"].contains(value as? String)) }
    }
    if let format = object["output_format"] { #expect(["text", "html", "simple_format", "md", "ansi"].contains(format as? String)) }
    let tests = try #require(object["tests"] as? [[String: Any]])
    var sum = 0.0
    for test in tests {
      #expect(Set(test.keys).isSubset(of: testFields), "\(test.keys)")
      #expect(["passed", "failed"].contains(test["status"] as? String))
      #expect(test["visibility"] as? String == "visible")
      #expect(test["output_format"] as? String == "md")
      let score = try #require((test["score"] as? NSNumber)?.doubleValue)
      let maximum = try #require((test["max_score"] as? NSNumber)?.doubleValue)
      #expect(score == (test["status"] as? String == "passed" ? maximum : 0))
      #expect((test["tags"] as? [String])?.first?.hasPrefix("lesson-") == true)
      sum += score
    }
    #expect(abs(sum - ((object["score"] as? NSNumber)?.doubleValue ?? -1)) < 0.01)
    return object
  }

  @Test("results.json has a test per task with its points, status, tags and the learner's feedback, and the total; nothing of the box's protections")
  func gradescopeResults() throws {
    let record = Self.record("ann", passed: 1)
    let graded = zip(Self.lessons, record.lessons.map(\.result)).map { ($0, $1) }
    let object = try Self.checkGradescopeShape(
      GradescopeResults.encode(graded, points: Points(byLesson: [1: 10]), seconds: 3.2))
    let tests = try #require(object["tests"] as? [[String: Any]])
    #expect(tests.count == Self.lessons.map(\.tasks.count).reduce(0, +))
    let first = Self.lessons[0]
    #expect(tests[0]["name"] as? String == "Lesson 1, task 1: \(first.tasks[0].title)")
    #expect(tests[0]["number"] as? String == "1.1")
    #expect(tests[1]["status"] as? String == "failed")
    #expect((tests[1]["output"] as? String)?.contains("✘ Task 2") == true)
    #expect(object["execution_time"] as? Int == 4)
    // Which protections are off is the instructor's to know (the autograder's log), never the students'.
    #expect((object["output"] as? String)?.contains("protections") == false)
  }

  @Test("Feedback goes into a code block whose fence no printed backticks can close")
  func fence() {
    #expect(markdownCodeBlock("a ``` b") == "````text\na ``` b\n````")
    #expect(markdownCodeBlock("plain") == "```text\nplain\n```")
  }

  @Test("A link is named for what it is: the student's whole folder, their Lessons, or one lesson folder; a missing lesson is not handed in")
  func lessonsLink() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "link-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let manager = FileManager.default
    try manager.createDirectory(at: root.appending(path: "lou"), withIntermediateDirectories: true)
    try manager.createSymbolicLink(at: root.appending(path: "lou/Lessons"), withDestinationURL: Self.workbook.root.appending(path: "Solutions"))
    try manager.createSymbolicLink(at: root.appending(path: "ray"), withDestinationURL: Self.workbook.root)
    try manager.createDirectory(at: root.appending(path: "sue/Lessons"), withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      at: root.appending(path: "sue/Lessons/\(Self.lessons[0].folder)"), withDestinationURL: Self.workbook.root.appending(path: "Solutions/\(Self.lessons[0].folder)"))
    try manager.createDirectory(at: root.appending(path: "empty"), withIntermediateDirectories: true)
    let grader = Grader(workbook: Self.workbook, state: StateFolder(root: root.appending(path: "state")))
    let classGrader = ClassGrader(grader: grader, progress: { _ in })
    func graded(_ name: String) -> [LearnerRecord.LessonEntry] { classGrader.grade(root.appending(path: name), learner: name, lessons: [Self.lessons[0]]) }
    for (name, why, words) in [
      ("lou", Unavailability.lessonsFolderIsLink(learner: "lou"), "lou/Lessons is a symbolic link, not a folder"),
      ("ray", .studentFolderIsLink(learner: "ray"), "the student's folder ray is a symbolic link, not a folder"),
      ("sue", .lessonFolderIsLink(learner: "sue", folder: Self.lessons[0].folder), "the lesson folder sue/…/\(Self.lessons[0].folder) is a symbolic link, not a folder"),
    ] {
      let entries = graded(name)
      #expect(entries[0].result.tasks.flatMap(\.findings).contains(.unavailable(why)), "\(name): \(entries)")
      #expect(why.words == words)
      #expect(entries[0].result.passedCount == 0)
      #expect(entries[0].notHandedIn == nil)
      #expect(TaskStanding.of(task: 1, in: entries[0]) == .notGraded(reason: words))
    }
    let empty = graded("empty")
    #expect(empty[0].notHandedIn == true)
    #expect(TaskStanding.of(task: 1, in: empty[0]) == .notHandedIn)
  }

  // MARK: A student copy

  @Test("A student copy's README is a learner's: no instructor's or maintainer's section, no solve or reveal, and it says what the copy is")
  func learnerReadme() throws {
    let readme = try String(contentsOf: HostileLab.repository.appending(path: "README.md"), encoding: .utf8)
    let copy = Release.learnerReadme(from: readme)
    if let folder = ProcessInfo.processInfo.environment["GRADE_README_SAMPLE"] { try? Data(copy.utf8).write(to: URL(fileURLWithPath: folder)) }
    for gone in ["## Instructors", "## Maintainers", "## Presenters", "## Two commands", "grade solve", "grade reveal", "Solutions/", "GradeKitTests"] {
      #expect(!copy.contains(gone), "\(gone)")
    }
    for kept in ["# The Swift Testing Workbook", "## Lessons", "| 10 |", "## Learners: quick start", "swift run grade hint", "### Limits", "## This copy"] {
      #expect(copy.contains(kept), "\(kept)")
    }
    #expect(copy.components(separatedBy: "```").count % 2 == 1, "every code block is closed")
  }

  @Test("A student copy's catalog holds each misconception sealed; the copy's grader unseals it, and a wrong key unseals nothing")
  func sealedMisconceptions() {
    let sealed = SealedMisconception.seal("numbers users from 0", key: "k", place: "01-expect-and-require/2/1")
    #expect(sealed.hasPrefix("sealed:"))
    #expect(!sealed.contains("numbers") && !sealed.contains("users"))
    #expect(SealedMisconception.unseal(sealed, key: "k", place: "01-expect-and-require/2/1") == "numbers users from 0")
    #expect(SealedMisconception.unseal(sealed, key: "other", place: "01-expect-and-require/2/1") != "numbers users from 0")
    #expect(SealedMisconception.unseal("plain", key: "k", place: "p") == nil)
  }

  @Test("In a student copy, --format json names a bug only once the tests miss it")
  func jsonNamesOnlyMissedBugs() throws {
    let lesson = Self.lessons[0]
    guard case .writeTests(let spec) = lesson.tasks[1].kind else { return }
    let result = LessonResult(lessonNumber: lesson.number, tasks: [TaskResult(taskNumber: 2, checks: [
      Check(.catches(spec.chaffs[0])),
      Check(.catches(spec.chaffs[1]), findings: [.chaffMissed(spec.chaffs[1])]),
    ])])
    let copy = ResultsJSON.encode([(lesson, result)], namesCaughtBugs: false)
    #expect(!copy.contains(spec.chaffs[0].misconception))
    #expect(copy.contains("Task 2: catches bug 1"))
    #expect(copy.contains(spec.chaffs[1].misconception))
    #expect(ResultsJSON.encode([(lesson, result)]).contains(spec.chaffs[0].misconception), "the instructor's workbook names every bug")
  }

  // MARK: GitHub Classroom

  @Test("The Classroom workflow has a command-grader step per task, each reported by id, with the task's points")
  func classroomWorkflow() throws {
    let yaml = try ClassroomWorkflow.yaml(lessons: Self.lessons, points: Points(byLesson: [1: 10]))
    let ids = yaml.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.hasPrefix("id: ") ? String(trimmed.dropFirst(4)) : nil
    }
    #expect(ids.count == Self.lessons.map(\.tasks.count).reduce(0, +))
    #expect(yaml.contains("runners: " + ids.joined(separator: ",")))
    for id in ids { #expect(yaml.contains("\(id.uppercased())_RESULTS: \"${{ steps.\(id).outputs.result }}\"")) }
    #expect(yaml.contains("command: swift run grade 1 --task 1 --color never"))
    #expect(yaml.contains("max-score: \(Int(Points(byLesson: [1: 10]).shares(of: Self.lessons[0], unit: 1)[0]))"))
    #expect(yaml.contains("uses: classroom-resources/autograding-grading-reporter@v1"))
    #expect(!yaml.contains("\t"), "YAML is indented with spaces")
  }
}
