import Foundation
import Testing
@testable import GradeKit

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

  @Test("A roster without a folder column, with a folder twice or with an empty one is refused, naming the line", arguments: [
    ("Student,ID\nAnn,1\n", "has no folder column naming each student's submission folder; its columns are Student, ID"),
    ("folder,ID\nann,1\nann,2\n", "gives the folder ann to two students, at lines 2 and 3"),
    ("folder,ID\n ,1\n", "has no folder at line 2"),
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
    #expect(points.score(result, of: first) == Points.rounded(10 / Double(first.tasks.count)))

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
    =HYPERLINK(1),102,S2,bo,A,bo@uni.edu,bo
    Cy Away,103,S3,cy,B,cy@uni.edu,cy

    """, name: "roster.csv")

  @Test("Canvas gets its export's columns, a Points Possible row and a points column per lesson; a student with no folder gets empty cells")
  func canvas() throws {
    let records = [Self.record("ann", passed: 2), Self.record("bo", passed: 0), Self.record("zed", passed: 1)]
    let text = try LMSGradebook.csv(.canvas, records: records, roster: Self.roster, lessons: Self.lessons, points: Points(byLesson: [1: 10])).get()
    let rows = try CSVTable(parsing: text)
    let (one, two) = (Self.lessons[0], Self.lessons[1])
    #expect(rows.columns == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", LMSGradebook.columnTitle(of: one), LMSGradebook.columnTitle(of: two)])
    #expect(rows.rows[0].fields == ["Points Possible", "", "", "", "", "10", "\(two.tasks.count)"])
    #expect(rows.rows[1].fields == ["Lee, Ann", "101", "S1", "ann", "A", Points.text(20 / Double(one.tasks.count)), "2"])
    // A name a spreadsheet would run as a formula is defused.
    #expect(rows.rows[2].fields == ["'=HYPERLINK(1)", "102", "S2", "bo", "A", "0", "0"])
    #expect(rows.rows[3].fields == ["Cy Away", "103", "S3", "cy", "B", "", ""])
    #expect(rows.rows.count == 4, "zed is on no roster and has no row")
    #expect(text.hasSuffix("\r\n"))

    let problems = LMSGradebook.problems(records: records, roster: Self.roster)
    #expect(problems.count == 2)
    #expect(problems.text.contains("with no graded folder (empty cells in the LMS files): cy"))
    #expect(problems.text.contains("Graded, but on no roster (not in the LMS files; add them to the roster): zed"))
  }

  @Test("Moodle gets the identity columns of its export and a grade-item column per lesson; with no column it matches by, it is not written")
  func moodle() throws {
    let text = try LMSGradebook.csv(.moodle, records: [Self.record("ann", passed: 1)], roster: Self.roster, lessons: Self.lessons, points: Points()).get()
    let rows = try CSVTable(parsing: text)
    #expect(rows.columns == ["Email address", LMSGradebook.columnTitle(of: Self.lessons[0]), LMSGradebook.columnTitle(of: Self.lessons[1])])
    #expect(rows.rows.map(\.fields) == [["ann@uni.edu", "1", "1"], ["bo@uni.edu", "", ""], ["cy@uni.edu", "", ""]])

    let canvasOnly = try Roster.parse("folder,ID\nann,1\n", name: "r")
    guard case .failure(let reason) = LMSGradebook.csv(.moodle, records: [], roster: canvasOnly, lessons: Self.lessons, points: Points()) else {
      Issue.record("a roster Moodle cannot match made a gradebook")
      return
    }
    #expect(reason.message == "moodle.csv is not written: the roster has none of Email address, ID number, Username, which Moodle matches students by")
  }

  // MARK: Gradescope

  /// The fields Gradescope's autograder documentation gives results.json and each of its tests.
  static let resultsFields: Set = [
    "score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility",
    "stdout_visibility", "extra_data", "tests", "leaderboard",
  ]
  static let testFields: Set = ["score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags", "visibility", "extra_data"]

  /// Checks `text` against Gradescope's documented shape and returns it decoded.
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

  @Test("results.json has a test per task with its points, status, tags and the learner's feedback, and the total")
  func gradescopeResults() throws {
    let record = Self.record("ann", passed: 1)
    let graded = zip(Self.lessons, record.lessons.map(\.result)).map { ($0, $1) }
    let object = try Self.checkGradescopeShape(
      GradescopeResults.encode(graded, points: Points(byLesson: [1: 10]), seconds: 3.2, notice: "no user namespaces."))
    let tests = try #require(object["tests"] as? [[String: Any]])
    #expect(tests.count == Self.lessons.map(\.tasks.count).reduce(0, +))
    let first = Self.lessons[0]
    #expect(tests[0]["name"] as? String == "Lesson 1, task 1: \(first.tasks[0].title)")
    #expect(tests[0]["number"] as? String == "1.1")
    #expect(tests[1]["status"] as? String == "failed")
    #expect((tests[1]["output"] as? String)?.contains("✘ Task 2") == true)
    #expect(object["execution_time"] as? Int == 4)
    #expect((object["output"] as? String)?.contains("protections off:** no user namespaces.") == true)
  }

  @Test("Feedback goes into a code block whose fence no printed backticks can close")
  func fence() {
    #expect(markdownCodeBlock("a ``` b") == "````text\na ``` b\n````")
    #expect(markdownCodeBlock("plain") == "```text\nplain\n```")
  }

  // MARK: GitHub Classroom

  @Test("The Classroom workflow has a command-grader step per task, each reported by id, with the task's points")
  func classroomWorkflow() {
    let yaml = ClassroomWorkflow.yaml(lessons: Self.lessons, points: Points(byLesson: [1: 10]))
    let ids = yaml.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.hasPrefix("id: ") ? String(trimmed.dropFirst(4)) : nil
    }
    #expect(ids.count == Self.lessons.map(\.tasks.count).reduce(0, +))
    #expect(yaml.contains("runners: " + ids.joined(separator: ",")))
    for id in ids { #expect(yaml.contains("\(id.uppercased())_RESULTS: \"${{ steps.\(id).outputs.result }}\"")) }
    #expect(yaml.contains("command: swift run grade 1 --task 1 --color never"))
    #expect(yaml.contains("max-score: \(Points.text(10 / Double(Self.lessons[0].tasks.count)))"))
    #expect(yaml.contains("uses: classroom-resources/autograding-grading-reporter@v1"))
    #expect(!yaml.contains("\t"), "YAML is indented with spaces")
  }
}
