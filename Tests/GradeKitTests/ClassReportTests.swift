import Foundation
@testable import GradeCatalog
@testable import GradeKit
@testable import GradeResults
import Synchronization
import GradeTestSupport
import Testing

/// The class reports, made from records written here, and shards merged back into one.
@Suite("Class reports")
struct ClassReportTests {
  let lessons = [SampleLesson.lesson]

  /// Eight learners: all passing, half, none, one errored, one whose name a spreadsheet would run,
  /// one whose code does not compile, one whose tests hang, and one who handed nothing in.
  var records: [LearnerRecord] {
    func record(_ name: String, _ statuses: [TaskResult.Status], findings: [Finding] = [], seconds: Double = 0) -> LearnerRecord {
      let tasks = statuses.enumerated().map { TaskResult.failing($0.offset + 1, $0.element == .pass ? [] : findings) }
      return LearnerRecord(
        learner: name, fingerprint: "f-\(name)",
        lessons: [.init(lesson: 1, slug: "expect-and-require", result: LessonResult(lessonNumber: 1, tasks: tasks, seconds: seconds))])
    }
    var nobody = record("nobody", [.error, .error], findings: [.unavailable(.notHandedIn)])
    nobody.lessons[0].notHandedIn = true
    nobody.lessons[0].untouched = [1, 2]
    guard case .writeTests(let spec) = SampleLesson.lesson.tasks[1].kind else { return [] }
    return [
      record("ada", [.pass, .pass]),
      record("grace", [.pass, .fail], findings: [.chaffMissed(spec.chaffs[2])]),
      record("linus", [.fail, .fail], findings: [.testFailed(outcome("rejectsHigh()", status: .failed)), .chaffMissed(spec.chaffs[2])]),
      record("margaret <m&m>", [.error, .pass], findings: [.infrastructure(.error("the box could not start")), .timedOut(running: [], seconds: 60)]),
      record("=HYPERLINK(\"x\")", [.pass, .fail], findings: [.noLearnerTests]),
      record("ken & <dennis>", [.fail, .pass], findings: [.compileErrors([Diagnostic(path: "A.swift", line: 1, column: 1, message: "oops <here>")])], seconds: 75),
      record("hal", [.pass, .fail], findings: [.timedOut(running: [], seconds: 60)]),
      nobody,
    ].sorted { $0.learner < $1.learner }
  }

  func scratch() -> URL {
    FileManager.default.temporaryDirectory.appending(path: "class-report-\(UUID().uuidString)")
  }

  @Test("The gradebook has a row per learner, a column per task, lesson (tasks and points) and totals, the three kinds of not-passed apart, and no formula")
  func gradebook() {
    let csv = Gradebook.csv(records, lessons: lessons)
    let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(rows.first == "learner,L1T1,L1T2,L1,L1 points,total,points,not handed in,could not be graded,failed")
    #expect(rows.count == records.count + 1)
    #expect(rows.contains("ada,1,1,2,2,2,2,,,"))
    #expect(rows.contains("margaret <m&m>,0,1,1,1,1,1,,L1T1 (grading error),"))
    #expect(rows.contains("ken & <dennis>,0,1,1,1,1,1,,L1T1 (compile error),"))
    #expect(rows.contains("hal,1,0,1,1,1,1,,L1T2 (hang (time limit)),"))
    #expect(rows.contains("linus,0,0,0,0,0,0,,,L1T1 L1T2"))
    #expect(rows.contains("nobody,0,0,0,0,0,0,L1T1 L1T2,,"), "not handed in is neither an error nor a failure")
    #expect(rows.contains { $0.hasPrefix("\"'=HYPERLINK(\"\"x\"\")\",") })
  }

  @Test("details.csv, report.html, the table and JUnit say the same of every learner's task: passed, failed, could not be graded (and why), or not handed in")
  func oneStandingEverywhere() throws {
    let records = records
    let details = try CSVTable(parsing: Gradebook.detailCSV(records, lessons: lessons))
    #expect(details.columns == ["learner", "lesson", "slug", "task", "title", "status", "reason", "detail", "lesson seconds"])
    let html = ClassReportPage.html(records, lessons: lessons)
    let kinds = ["passed": "pass", "failed": "fail", "could not be graded": "error", "not handed in": "missing"]
    for record in records {
      // The grid's row of this learner: one cell per task, in order.
      let row = try #require(html.components(separatedBy: "<tr><td><a href=\"feedback/\(ClassGrader.safeName(for: record.learner)).md\">").dropFirst().first)
      let cells = row.components(separatedBy: "<td class=\"").dropFirst().prefix(2).map { $0.components(separatedBy: "\"").first ?? "" }
      let titles = row.components(separatedBy: "title=\"").dropFirst().prefix(2).map { $0.components(separatedBy: "\"").first ?? "" }
      let ofLearner = details.rows.filter { CSVCell.defused(record.learner) == $0.fields[0] }.map(\.fields)
      #expect(ofLearner.count == 2, "\(record.learner)")
      for (index, fields) in ofLearner.enumerated() {
        let standing = TaskStanding.of(task: index + 1, in: record.lessons[0])
        #expect(fields[5] == standing.word && fields[6] == standing.reason, "\(record.learner) T\(index + 1): \(fields)")
        #expect(cells[index].hasPrefix(kinds[fields[5]]!), "\(record.learner) T\(index + 1): \(cells[index]) in the page, \(fields[5]) in details.csv")
        #expect(titles[index].hasPrefix(Gradebook.xmlEscape(fields[5])), "\(titles[index])")
      }
    }
    let hal = try #require(details.rows.first { $0.fields[0] == "hal" && $0.fields[3] == "2" })
    #expect(hal.fields[5] == "could not be graded" && hal.fields[6] == "hang (time limit)")
    let nobody = try #require(details.rows.first { $0.fields[0] == "nobody" })
    #expect(nobody.fields[5] == "not handed in" && nobody.fields[7] == "")
    #expect(details.rows.first { $0.fields[0].hasPrefix("ken") }?.fields[8] == "75.0", "the seconds grading ken's lesson took")
    #expect(html.contains("<td>1:15</td></tr>"), "ken's time in the grid")
    // The learners whose work could not be graded, and who handed nothing in, are two lists.
    #expect(html.contains("<td>hal</td><td>L1T2: hang (time limit):"))
    #expect(html.contains("<h2>Lessons not handed in</h2>\n<table>\n<tr><th>Learner</th><th>Lessons</th></tr>\n<tr><td>nobody</td><td>L1</td></tr>"))
    let table = Gradebook.table(records, lessons: lessons)
    let cells = table.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    #expect(cells.contains(["nobody", "-", "0/2"]), "\(table)")
    #expect(cells.contains(["hal", "1/2!", "1/2"]), "\(table)")
    #expect(cells.contains(["linus", "0/2", "0/2"]), "\(table)")
    let junit = Gradebook.junit(try #require(records.first { $0.learner == "nobody" }), lessons: lessons)
    #expect(junit.contains(#"failures="0" errors="0" skipped="2""#))
  }

  @Test("A record written before lessons not handed in were marked still reads as not handed in; a link refused is could not be graded")
  func olderRecords() throws {
    let older = LearnerRecord.LessonEntry(
      lesson: 1, slug: "expect-and-require",
      result: LessonResult(lessonNumber: 1, tasks: [1, 2].map { .failing($0, [.unavailable(.notHandedIn)]) }), untouched: [1, 2])
    #expect(older.notHandedIn == nil && older.wasNotHandedIn)
    #expect(TaskStanding.of(task: 1, in: older) == .notHandedIn)
    var linked = older
    linked.result.tasks = [1, 2].map { .failing($0, [.unavailable(.lessonsFolderIsLink(learner: "lou"))]) }
    #expect(TaskStanding.of(task: 2, in: linked) == .notGraded(reason: "lou/Lessons is a symbolic link, not a folder"))
  }

  @Test("feedback/index.csv names each learner's folder beside their report files")
  func feedbackIndex() throws {
    let index = try CSVTable(parsing: Gradebook.feedbackIndex(records))
    #expect(index.columns == ["folder", "feedback", "results", "junit"])
    let ken = try #require(index.rows.first { $0.fields[0] == "ken & <dennis>" })
    #expect(ken.fields[1] == "feedback/\(ClassGrader.safeName(for: "ken & <dennis>")).md")
    #expect(index.rows.contains { $0.fields[0] == "'=HYPERLINK(\"x\")" })
  }

  @Test("The page is self-contained: inline SVG, no script, nothing fetched; names are escaped")
  func page() {
    let html = ClassReportPage.html(records, lessons: lessons)
    if let folder = ProcessInfo.processInfo.environment["GRADE_REPORT_SAMPLE"] {
      // For bench/report-screenshot.sh: the page as an instructor sees it.
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try? Data(html.utf8).write(to: URL(fileURLWithPath: folder).appending(path: "report.html"))
    }
    #expect(html.contains("<svg"))
    // Each bar is drawn against 100 %: half the class is half the track, whatever the best task's rate.
    #expect(html.contains(#"<rect class="bar" x="60" y="5" width="250""#), "\(html)")
    #expect(html.components(separatedBy: #"<rect class="track" x="60""#).count - 1 == 2)
    let chart = ClassReportPage.barChart([("L1T1", "a", 0.6), ("L1T2", "b", 0.6), ("L1T3", "c", 0.6)])
    #expect(chart.components(separatedBy: #"width="300""#).count - 1 == 3, "\(chart)")
    #expect(chart.contains("100 %"))
    #expect(!html.contains("<script"))
    #expect(!html.contains("src="))
    // The only links are to each learner's feedback, beside the page.
    #expect(html.components(separatedBy: "href=\"").dropFirst().allSatisfy { $0.hasPrefix("feedback/") })
    #expect(html.contains("margaret &lt;m&amp;m&gt;"))
    #expect(!html.contains("<m&m>"))
    // The misconception two learners missed is at the top of its table, with its count.
    #expect(html.contains("<td>numbers users from 0</td><td>L1T2</td><td>2</td>"))
    #expect(html.contains("margaret"))
  }

  @Test("The page has a learner-by-task table with task titles, points and links to feedback; never started is kept apart from a missed bug; it says when, from which commit, and the roster's problems")
  func grid() throws {
    var records = records
    // grace never touched task 2: her missed bug is not counted as one.
    let grace = try #require(records.firstIndex { $0.learner == "grace" })
    records[grace].lessons[0].untouched = [2]
    let context = ClassReportPage.Context(
      made: "2026-11-26 07:00 UTC", commit: "abc123def456", points: Points(byLesson: [1: 10]),
      roster: ["On the roster, with no graded folder: cy"])
    let html = ClassReportPage.html(records, lessons: lessons, context: context)
    #expect(html.contains("Made 2026-11-26 07:00 UTC from the workbook at commit <code>abc123def456</code>."))
    for task in lessons[0].tasks { #expect(html.contains("<b>L1T\(task.number)</b>\(Gradebook.xmlEscape(task.title))</th>")) }
    #expect(html.contains("<a href=\"feedback/\(ClassGrader.safeName(for: "ada")).md\">ada</a>"))
    #expect(html.contains("<td>10</td><td>10</td><td>0:00</td></tr>"), "ada passed both tasks: 10 points of 10")
    #expect(html.contains("<td class=\"fail untouched\""))
    #expect(html.contains("<td>numbers users from 0</td><td>L1T1</td><td>1</td>"), "only linus, who started, missed it (the fixture gives his both tasks the miss)")
    #expect(html.contains("<tr><td>L1T2</td><td>1</td></tr>"), "grace never started L1T2")
    #expect(html.contains("<li>On the roster, with no graded folder: cy</li>"))
    #expect(!html.contains("<script"))
  }

  @Test("JUnit XML has a test case per task and escapes what learners wrote")
  func junit() throws {
    let ken = try #require(records.first { $0.learner.hasPrefix("ken") })
    let xml = Gradebook.junit(ken, lessons: lessons)
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == 2)
    #expect(xml.contains(#"tests="2" failures="0" errors="1" skipped="0""#), "a compile error is could not be graded")
    #expect(xml.contains("oops &lt;here&gt;"))
    #expect(xml.contains(#"<testsuites name="ken &amp; &lt;dennis&gt;">"#))
    // The error's message attribute is escaped once, as its body is.
    let message = try #require(xml.components(separatedBy: "<error message=\"").dropFirst().first?.components(separatedBy: "\"").first)
    #expect(message.contains("oops &lt;here&gt;"), "\(message)")
    #expect(!message.contains("&amp;lt;"))
  }

  @Test("results/<learner>/<lesson>.json is Exercism's results.json v3, with only its fields")
  func exercismResults() throws {
    let root = scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try Gradebook.write(records, lessons: lessons, to: root)
    let ken = try #require(records.first { $0.learner.hasPrefix("ken") })
    let file = root.appending(path: "results/\(ClassGrader.safeName(for: ken.learner))/\(lessons[0].folder).json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(Set(object.keys) == ["version", "status", "message", "tests"])
    #expect(object["version"] as? Int == 3)
    #expect(["pass", "fail", "error"].contains(object["status"] as? String))
    let tests = try #require(object["tests"] as? [[String: Any]])
    #expect(!tests.isEmpty)
    for test in tests {
      #expect(Set(test.keys).isSubset(of: ["name", "test_code", "status", "message", "output", "task_id"]), "\(test.keys)")
      #expect(["pass", "fail", "error"].contains(test["status"] as? String))
      #expect((test["output"] as? String)?.count ?? 0 <= 500)
      #expect(test["task_id"] is Int)
    }
  }

  @Test("Merging two shards' reports gives the very files one unsharded run gives")
  func mergeEqualsUnsharded() throws {
    let root = scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root.appending(path: "Lessons"), withIntermediateDirectories: true)
    try Data(SampleLesson.json.utf8).write(to: root.appending(path: "Lessons/catalog.json"))

    // One run: every record, then the reports.
    let whole = root.appending(path: "whole")
    for record in records { try record.write(to: whole.appending(path: "records/\(record.fileName)")) }
    try Gradebook.write(LearnerRecord.all(in: whole.appending(path: "records")), lessons: lessons, to: whole)

    // Two shards, each with the records --shard would give it, merged.
    for index in 1...2 {
      let shard = try #require(Shard("\(index)/2"))
      try FileManager.default.createDirectory(at: root.appending(path: "shard\(index)/records"), withIntermediateDirectories: true)
      for record in records where shard.contains(record.learner) {
        try record.write(to: root.appending(path: "shard\(index)/records/\(record.fileName)"))
      }
    }
    let errors = Mutex<[String]>([])
    let app = App(currentFolder: root, environment: [:], outputIsTerminal: false, write: { _ in }, writeError: { line in errors.withLock { $0.append(line) } })
    #expect(app.run(["merge", "merged", "shard1", "shard2"]) == App.Exit.passed, "\(errors.withLock { $0 })")

    let files = (FileManager.default.enumerator(atPath: whole.path)?.allObjects as? [String] ?? []).filter { $0.contains(".") }.sorted()
    #expect(files.count > 10)
    for file in files {
      // The page's "Made …" line says when it was made, which is all two runs may differ in.
      func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("<p class=\"made\">") }.joined(separator: "\n")
      }
      #expect(try read(whole.appending(path: file)) == read(root.appending(path: "merged/\(file)")), "\(file) differs")
    }
  }

  @Test("How many learners are graded at once, and why, in words: one per two cores, at most one per 3 GiB")
  func jobs() {
    let two = ClassGrader.defaultLearnersAtOnce(cores: 2, memoryBytes: 8 << 30)
    #expect(two.count == 1 && two.why.hasPrefix("2 cores allow 1: grading one student already builds and runs tests on every core"))
    #expect(ClassGrader.defaultLearnersAtOnce(cores: 1, memoryBytes: 8 << 30).why.hasPrefix("1 core allows 1"))
    let small = ClassGrader.defaultLearnersAtOnce(cores: 16, memoryBytes: 7 << 30)
    #expect(small.count == 2 && small.why.hasPrefix("7 GiB of memory allow 2 (3 GiB each)"))
    #expect(ClassGrader.defaultLearnersAtOnce(cores: 16, memoryBytes: 64 << 30).count == 8)
  }

  @Test("grade solve 1 2 --into writes one copy with both lessons solved, every task; --task K solves one lesson up to K")
  func solveSeveralLessons() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    let (one, two) = (workbook.catalog.lessons[0], workbook.catalog.lessons[1])
    let root = scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let app = AppTests()
    let both = app.run(["solve", "1", "2", "--into", root.appending(path: "both").path], in: HostileLab.repository)
    #expect(both.status == App.Exit.passed, "\(both.err)")
    #expect(both.err.contains("with lesson 1 (every task), lesson 2 (every task) solved"), "\(both.err)")
    func file(_ copy: String, _ lesson: Lesson, _ path: String) -> Data? {
      FileManager.default.contents(atPath: root.appending(path: "\(copy)/Lessons/\(lesson.folder)/\(path)").path)
    }
    for lesson in [one, two] {
      for path in lesson.ownedFiles {
        #expect(file("both", lesson, path) == FileManager.default.contents(atPath: workbook.solutionFolder(of: lesson).appending(path: path).path), "\(lesson.folder)/\(path)")
      }
    }
    let partly = app.run(["solve", "1", "--task", "2", "--into", root.appending(path: "partly").path], in: HostileLab.repository)
    #expect(partly.status == App.Exit.passed, "\(partly.err)")
    let last = try #require(one.tasks.last)
    for path in last.files where !one.tasks.dropLast().contains(where: { $0.files.contains(path) }) {
      #expect(file("partly", one, path) == FileManager.default.contents(atPath: workbook.starterFolder(of: one).appending(path: path).path), "\(path) is still the starter's")
    }
    #expect(file("partly", two, two.ownedFiles[0]) == FileManager.default.contents(atPath: workbook.starterFolder(of: two).appending(path: two.ownedFiles[0]).path))
  }

  @Test("Shards are stable, disjoint and cover the class", arguments: [2, 3, 7])
  func shards(_ count: Int) throws {
    let names = (0..<200).map { "learner-\($0)" }
    var seen: [String: Int] = [:]
    for index in 1...count {
      let shard = try #require(Shard("\(index)/\(count)"))
      for name in names where shard.contains(name) { seen[name, default: 0] += 1 }
    }
    #expect(seen.count == names.count)
    #expect(seen.values.allSatisfy { $0 == 1 })
    #expect(Shard("0/2") == nil && Shard("3/2") == nil && Shard("a/b") == nil)
  }
}

/// A class graded for real: lesson 1 of the hostile lab, in parallel, then resumed.
@Suite("Grading a class", .tags(.slow))
struct ClassGradingTests {
  let lab = HostileLab.shared

  @Test("Every learner is graded, a hang and a crash included, and a re-run grades none again")
  func gradesAndResumes() throws {
    let submissions = lab.root.appending(path: "class-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: submissions) }
    func learner(_ name: String, _ test: String?) throws {
      let folder = try lab.learner("class-\(name)")
      if let test { try HostileLab.write(HostileLab.userStoreTest(test), to: "Tests/UserStoreTests.swift", in: folder) }
      try FileManager.default.createDirectory(at: submissions.appending(path: "\(name)/Lessons"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: folder, to: submissions.appending(path: "\(name)/Lessons/01-expect-and-require"))
    }
    try learner("solved", nil)
    try learner("hangs", "    DispatchSemaphore(value: 0).wait()")
    try learner("crashes", "    let missing: Int? = nil\n    _ = missing!")
    try learner("floods", "    while true { print(String(repeating: \"x\", count: 1000)) }")
    let records = submissions.appendingPathExtension("report").appending(path: "records")
    defer { try? FileManager.default.removeItem(at: records.deletingLastPathComponent()) }
    let seen = Mutex<[ClassGrader.Progress]>([])
    var grader = lab.grader
    grader.limits.seconds = HostileLab.hangSeconds
    let classGrader = ClassGrader(grader: grader, learnersAtOnce: 2) { progress in seen.withLock { $0.append(progress) } }
    let first = try classGrader.grade(submissions: submissions, lessons: [lab.lesson], records: records)
    #expect(first.map(\.learner) == ["crashes", "floods", "hangs", "solved"])
    #expect(first.first { $0.learner == "solved" }?.passedTasks == 3)
    #expect(first.first { $0.learner == "hangs" }?.anyNotGraded == true)
    #expect(first.first { $0.learner == "crashes" }?.lessons[0].result.tasks[1].status == .fail)
    #expect(seen.withLock { $0.last?.done } == 4)

    let again = try classGrader.grade(submissions: submissions, lessons: [lab.lesson], records: records)
    func summary(_ records: [LearnerRecord]) -> [String] {
      records.map { "\($0.learner) \($0.fingerprint) " + $0.lessons.flatMap(\.result.tasks).map(\.status.rawValue).joined(separator: ",") }
    }
    #expect(summary(again) == summary(first))
    #expect(seen.withLock { $0.last?.resumed } == 4)
    try lab.expectNothingOutsideChanged()
  }
}

/// A class like an instructor's second week, graded for real with `grade class`: every kind of
/// hand-in, a Canvas roster with an existing assignment column and a row no LMS file can take.
@Suite("Grading a whole class with grade class", .tags(.slow))
struct ClassCommandTests {
  let lab = HostileLab.shared

  /// The class: solved, partly done, untouched, a compile error, a hang, a crash, an odd name, an
  /// empty folder, a link to another's folder, and a folder on no roster; the roster also names a
  /// student with no folder.
  func makeClass(in base: URL) throws -> URL {
    let submissions = base.appending(path: "submissions")
    let lesson = lab.lesson
    func handIn(_ name: String, _ source: URL) throws {
      let folder = submissions.appending(path: "\(name)/Lessons/\(lesson.folder)")
      try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: folder)
    }
    let starter = lab.workbook.starterFolder(of: lesson)
    try handIn("solved", try lab.learner("week2-solved"))
    try handIn("partial", try lab.learner("week2-partial") { folder in
      try? FileManager.default.removeItem(at: folder.appending(path: "Tests/CounterTests.swift"))
      try FileManager.default.copyItem(at: starter.appending(path: "Tests/CounterTests.swift"), to: folder.appending(path: "Tests/CounterTests.swift"))
    })
    try handIn("untouched", starter)
    try handIn("broken", try lab.learner("week2-broken") { try HostileLab.write("func broken() -> Int { \"not a number\" }\n", to: "Sources/ScoreValidator.swift", in: $0) })
    try handIn("hangs", try lab.learner("week2-hangs") { try HostileLab.write(HostileLab.userStoreTest("    DispatchSemaphore(value: 0).wait()"), to: "Tests/UserStoreTests.swift", in: $0) })
    try handIn("crashes", try lab.learner("week2-crashes") {
      try HostileLab.write(HostileLab.userStoreTest("    let missing: Int? = nil\n    _ = missing!"), to: "Tests/UserStoreTests.swift", in: $0)
    })
    try handIn("Zoë Ångström (2)", try lab.learner("week2-solved"))
    try handIn("stranger", try lab.learner("week2-solved"))
    try FileManager.default.createDirectory(at: submissions.appending(path: "empty"), withIntermediateDirectories: true)
    // A link to another student's folder hands in nothing of the student's own.
    try FileManager.default.createSymbolicLink(at: submissions.appending(path: "linked"), withDestinationURL: submissions.appending(path: "solved"))
    return submissions
  }

  @Test("Three kinds of not-passed apart in every report and on screen; a bad roster row is left out and named, the class goes on; an existing Canvas assignment keeps its column; Moodle's maxima are said")
  func secondWeek() throws {
    let base = lab.root.appending(path: "week2-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let submissions = try makeClass(in: base)
    // Canvas's export with a folder column: an existing assignment, Moodle's key beside it, and a Section a spreadsheet would run.
    let roster = base.appending(path: "roster.csv")
    try Data(("Student,ID,SIS User ID,SIS Login ID,Section,Lesson 1 Quiz (4101),Email address,folder\n"
      + "    Points Possible,,,,,30,,\n"
      + ["solved", "partial", "untouched", "broken", "hangs", "Zoë Ångström (2)", "empty"].enumerated().map { index, name in
        "\"\(name)\",\(100 + index),S\(index),l\(index),A,,s\(index)@uni.edu,\(name)\n"
      }.joined()
      + "Cy Crash,200,S9,l9,\"A\t=cmd|' /C calc'!A0\",,cy@uni.edu,crashes\n"
      + "Al Absent,201,S10,l10,A,,al@uni.edu,absent\n").utf8).write(to: roster)
    let points = base.appending(path: "points.json")
    try Data("{\"1\": 30}".utf8).write(to: points)
    let assignments = base.appending(path: "assignments.json")
    try Data("{\"1\": \"Lesson 1 Quiz (4101)\"}".utf8).write(to: assignments)
    let out = base.appending(path: "report")
    let app = AppTests()
    let common = ["class", submissions.path, "--work", base.appending(path: "state").path, "--roster", roster.path, "--points", points.path]

    // The roster, checked in seconds: nothing graded or written.
    let check = app.run(common + ["--check-roster", "--assignments", assignments.path], in: lab.workbook.root)
    #expect(check.status == App.Exit.failed, "\(check.err)")
    #expect(check.out.contains("canvas.csv: 8 rows, matched by Student, ID, SIS User ID, SIS Login ID, Section; left out:"), "\(check.out)")
    #expect(check.out.contains("  Cy Crash (line 10, folder crashes): Section \"A\\u{9}=cmd|' /C calc'!A0\" could start a formula"), "\(check.out)")
    #expect(check.out.contains("On the roster, with no folder in the submissions: absent"))
    #expect(check.out.contains("Folders on no roster (graded, but in no LMS file): linked, stranger"))
    #expect(check.out.contains("canvas.csv puts lesson 1 into Lesson 1 Quiz (4101)."))
    #expect(!FileManager.default.fileExists(atPath: out.path))
    #expect(!FileManager.default.fileExists(atPath: base.appending(path: "state").path), "nothing was graded")

    let graded = app.run(
      common + ["--assignments", assignments.path, "--report", out.path, "--timeout", "\(HostileLab.hangSeconds)"], in: lab.workbook.root)
    #expect(graded.status == App.Exit.passed, "\(graded.err)")
    // Why so many at once, and the progress line's two kinds of trouble.
    #expect(graded.err.contains(" at a time ("), "\(graded.err)")
    #expect(graded.err.contains("--jobs N chooses another number"))
    let lastProgress = try #require(graded.err.split(separator: "\n").last { $0.hasPrefix("learner 10 of 10") })
    #expect(lastProgress.contains("could not be graded: ") && lastProgress.contains("a lesson not handed in: empty"), "\(lastProgress)")
    #expect(["broken", "crashes", "hangs"].allSatisfy { graded.err.contains("could not be graded: ") && graded.err.contains($0) })
    #expect(graded.err.split(separator: "\n").contains { $0.contains("· last: solved (") && $0.hasSuffix(")") }, "each learner's time on the progress line")

    // gradebook.csv: the three kinds apart, with why.
    let gradebook = try CSVTable(parsing: String(contentsOf: out.appending(path: "gradebook.csv"), encoding: .utf8))
    func row(_ learner: String) -> [String: String] {
      let fields = gradebook.rows.first { $0.fields[0] == learner }?.fields ?? []
      return Dictionary(uniqueKeysWithValues: zip(gradebook.columns, fields))
    }
    #expect(row("solved")["points"] == "30")
    #expect(row("solved")["failed"] == "" && row("solved")["could not be graded"] == "")
    #expect(row("empty")["not handed in"] == "L1T1 L1T2 L1T3")
    #expect(row("empty")["could not be graded"] == "", "not handed in is no error")
    #expect(row("broken")["could not be graded"]?.contains("L1T1 (compile error)") == true, "\(row("broken"))")
    #expect(row("hangs")["could not be graded"] == "L1T2 (hang (time limit))", "\(row("hangs"))")
    #expect(row("crashes")["could not be graded"] == "L1T2 (crash)", "\(row("crashes"))")
    #expect(row("partial")["failed"] == "L1T3")
    #expect(row("linked")["could not be graded"]?.hasPrefix("L1T1 (the student's folder linked is a symbolic link, not a folder)") == true, "\(row("linked"))")
    #expect(row("untouched")["failed"] == "L1T1 L1T2 L1T3", "\(row("untouched"))")
    #expect(row("Zoë Ångström (2)")["points"] == "30")

    // details.csv and report.html say the same of each task.
    let details = try CSVTable(parsing: String(contentsOf: out.appending(path: "details.csv"), encoding: .utf8))
    let html = try String(contentsOf: out.appending(path: "report.html"), encoding: .utf8)
    let kinds = ["passed": "pass", "failed": "fail", "could not be graded": "error", "not handed in": "missing"]
    for learner in gradebook.rows.map({ $0.fields[0] }) {
      let name = ClassGrader.safeName(for: learner)
      let row = try #require(html.components(separatedBy: "<tr><td><a href=\"feedback/\(name).md\">").dropFirst().first, "\(learner)")
      let cells = row.components(separatedBy: "<td class=\"").dropFirst().prefix(3).map { $0.components(separatedBy: "\"").first ?? "" }
      let statuses = details.rows.filter { $0.fields[0] == learner }.map { $0.fields[5] }
      #expect(statuses.count == 3, "\(learner)")
      #expect(zip(statuses, cells).allSatisfy { kinds[$0].map(($1 + " ").hasPrefix) == true }, "\(learner): details \(statuses), page \(cells)")
    }
    let hang = try #require(details.rows.first { $0.fields[0] == "hangs" && $0.fields[3] == "2" })
    #expect(hang.fields[5] == "could not be graded" && hang.fields[6] == "hang (time limit)")
    let seconds = try #require(details.rows.first { $0.fields[0] == "solved" }.flatMap { Double($0.fields[8]) })
    #expect(seconds > 0, "each learner's time is in details.csv")
    #expect(html.contains("<h2>Lessons not handed in</h2>"))

    // The feedback files, traced back to folders.
    let index = try CSVTable(parsing: String(contentsOf: out.appending(path: "feedback/index.csv"), encoding: .utf8))
    let zoe = try #require(index.rows.first { $0.fields[0] == "Zoë Ångström (2)" })
    #expect(FileManager.default.fileExists(atPath: out.appending(path: zoe.fields[1]).path))

    // The LMS files: the bad row left out and named, the rest written, the existing assignment's column kept.
    let canvas = try CSVTable(parsing: String(contentsOf: out.appending(path: "canvas.csv"), encoding: .utf8))
    #expect(canvas.columns.last == "Lesson 1 Quiz (4101)")
    #expect(canvas.rows.map { $0.fields[0] } == ["Points Possible", "solved", "partial", "untouched", "broken", "hangs", "Zoë Ångström (2)", "empty", "Al Absent"])
    #expect(canvas.rows.first { $0.fields[0] == "solved" }?.fields.last == "30")
    #expect(canvas.rows.first { $0.fields[0] == "empty" }?.fields.last == "0", "a lesson not handed in scores 0 in the LMS")
    for cell in canvas.rows.flatMap(\.fields) { #expect(CSVCell.isInert(cell), "\(cell)") }
    let moodle = try CSVTable(parsing: String(contentsOf: out.appending(path: "moodle.csv"), encoding: .utf8))
    #expect(moodle.rows.contains { $0.fields.first == "cy@uni.edu" }, "the Section is no column of Moodle's, so Cy's row goes into moodle.csv")
    let rosterText = try String(contentsOf: out.appending(path: "roster.txt"), encoding: .utf8)
    #expect(rosterText.contains("Left out of canvas.csv (gradebook.csv has every graded folder): Cy Crash (line 10, folder crashes)"), "\(rosterText)")
    #expect(graded.err.contains("Left out of canvas.csv (gradebook.csv has every graded folder): Cy Crash (line 10, folder crashes)"))
    let items = try String(contentsOf: out.appending(path: "moodle-items.txt"), encoding: .utf8)
    #expect(items.contains("  \(LMSGradebook.columnTitle(of: lab.lesson)): 30\n"))
    #expect(graded.err.contains("Make these grade items in Moodle"))
    try lab.expectNothingOutsideChanged()
  }

  @Test("grade autograde unpacks a zip Gradescope left inside submission/ and grades it; a zip with a path that climbs out is refused, saying so")
  func autogradeZip() throws {
    let base = lab.root.appending(path: "zip-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let solved = try lab.learner("zip-solved")
    func submit(_ name: String, _ entries: [StoredZip.Entry]) throws -> (status: Int32, results: [String: Any]) {
      let root = base.appending(path: name)
      try FileManager.default.createDirectory(at: root.appending(path: "submission"), withIntermediateDirectories: true)
      try StoredZip.make(entries).write(to: root.appending(path: "submission/hand-in.zip"))
      try Data("see the zip\n".utf8).write(to: root.appending(path: "submission/notes.txt"))
      let run = AppTests().run(["autograde", root.path, "--timeout", "10"], in: lab.workbook.root)
      let text = try String(contentsOf: root.appending(path: "results/results.json"), encoding: .utf8)
      return (run.status, try PlatformFormatTests.checkGradescopeShape(text))
    }
    let files = try lab.lesson.ownedFiles.map { file in
      StoredZip.Entry(path: "workbook/Lessons/\(lab.lesson.folder)/\(file)", data: try Data(contentsOf: solved.appending(path: file)))
    }
    let unpacked = try submit("good", files + [StoredZip.Entry(path: "workbook/README.md", data: Data("x".utf8))])
    #expect(unpacked.status == App.Exit.passed)
    #expect((unpacked.results["score"] as? NSNumber)?.doubleValue == Double(lab.lesson.tasks.count), "\(unpacked.results)")
    #expect((unpacked.results["output"] as? String)?.contains("Unpacked `hand-in.zip`: \(files.count) of its files") == true, "\(unpacked.results["output"] ?? "")")

    let climbing = try submit("climbing", [StoredZip.Entry(path: "../../\(lab.lesson.ownedFiles[0])", data: Data("x".utf8))])
    #expect((climbing.results["score"] as? NSNumber)?.doubleValue == 0)
    #expect((climbing.results["output"] as? String)?.contains("`hand-in.zip` was not unpacked: it holds a file at") == true, "\(climbing.results["output"] ?? "")")
    #expect(!FileManager.default.fileExists(atPath: base.appending(path: lab.lesson.ownedFiles[0]).path))
    try lab.expectNothingOutsideChanged()
  }
}
