import Foundation
import GradeBox
import GradeCatalog
import GradeFeedback
import GradeProcesses

/// `grade class DIR [LESSON ...]`: grades every learner folder of a class, or of one shard of it.
struct ClassCommand: GradeCommand {
  /// How usage shows `grade class`, and the options it takes.
  static let usage = CommandUsage(
    name: "class", arguments: "DIR [LESSON ...]",
    summary: "grade one folder per learner in DIR; OUT gets gradebook.csv, details.csv, report.html and, per learner, records/, feedback/, results/ and junit/; a re-run grades only learners whose files changed",
    audience: .instructors, options: ["--report", "--roster", "--points", "--assignments", "--check-roster", "--jobs", "--shard", "--work", "--format"] + CommandUsage.grading)

  /// A class's grades count, so they are made on Linux only.
  static var use: HostPlatform.Use { .gradesCount }

  /// The folder holding one folder per learner.
  var submissions: String
  /// The lessons to grade, as named on the command line; none grades every lesson.
  var names: [String]
  /// Where to write the reports (`--report`); `nil` writes only the records, beside the workspaces.
  var report: String?
  /// How to grade, how many at once, which shard, and the roster and points of the reports.
  var options: Commands.Options
  /// Whether to check the roster against the submissions and stop, grading nothing (`--check-roster`).
  var checkRoster = false

  /// Takes the submissions folder, then any lessons.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> ClassCommand {
    guard let submissions = words.first else {
      throw .usage("say where the submissions are: swift run grade class SUBMISSIONS [LESSON ...] [--report DIR]")
    }
    return ClassCommand(
      submissions: submissions, names: Array(words.dropFirst()), report: parsed.report, options: parsed.options, checkRoster: parsed.checkRoster)
  }

  /// Grades every learner folder (of one shard), prints progress and a table or JSON,
  /// and writes the records and, when asked, the reports.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let lessons = try app.resolve(names, in: workbook)
    let folder = app.url(submissions)
    let state = options.work.map { StateFolder(root: app.url($0)) }
      ?? ClassGrader.defaultState(for: workbook)
    let root = workbook.root.standardizedFileURL.path + "/"
    if (state.root.standardizedFileURL.path + "/").hasPrefix(root) {
      throw .usage("--work \(state.root.path) is inside the workbook; class grading keeps students' code outside it. Choose a folder elsewhere.")
    }
    let out = report.map { app.url($0) }
    let lms = try LMSExport(options, app: app, workbook: workbook)
    let points = try app.points(options.points, in: workbook)
    if checkRoster {
      // In seconds: the roster read and matched to the folders, nothing graded or written.
      guard let lms else { throw .usage("--check-roster checks a roster; add --roster CSV") }
      let check = lms.check(folders: try ClassGrader.students(in: folder), lessons: lessons)
      app.write(check.text)
      return check.problems == 0 ? App.Exit.passed : App.Exit.failed
    }
    if lms != nil, out == nil { throw .usage("--roster writes LMS gradebooks into the report folder; add --report OUT") }
    if let out, (out.path + "/").hasPrefix(folder.path + "/") {
      throw .usage("--report \(out.path) is inside the submissions folder, where it would be graded as a student; put it elsewhere")
    }
    let records = (out ?? state.root).appending(path: ReportLayout.records)
    var classGrader = app.grader(workbook, options, state: state)
    // The class's own progress line replaces each lesson's.
    classGrader.progress = { _ in }
    if let notice = classGrader.isolation.notice {
      app.writeError("grade: \(notice)")
    }
    let machine = ClassGrader.defaultLearnersAtOnce(cores: SideBySide.cores, memoryBytes: ProcessInfo.processInfo.physicalMemory)
    let atOnce = options.learnersAtOnce ?? machine.count
    let terminal = app.outputIsTerminal
    let printed = Locked(false)
    let progress: @Sendable (ClassGrader.Progress) -> Void = { [writeError = app.writeError] now in
      func names(_ learners: [String]) -> String {
        learners.suffix(3).joined(separator: ", ") + (learners.count > 3 ? " and \(learners.count - 3) more" : "")
      }
      let left = now.remaining.map { " · about \(ClassGrader.clock($0)) left" } ?? ""
      let notGraded = now.notGraded.isEmpty ? "" : " · could not be graded: \(names(now.notGraded))"
      let missing = now.notHandedIn.isEmpty ? "" : " · a lesson not handed in: \(names(now.notHandedIn))"
      let resumed = now.resumed > 0 ? " (\(now.resumed) unchanged)" : ""
      let line = "learner \(now.done) of \(now.total)\(resumed) · \(ClassGrader.clock(now.elapsed)) elapsed\(left)\(notGraded)\(missing) · last: \(now.latest)\(now.latestSeconds.map { " (\(ClassGrader.clock($0)))" } ?? "")"
      // At a terminal the line updates in place; in a log, a line per learner.
      let again = printed.withValue { value -> Bool in defer { value = true }; return value }
      writeError((terminal && again ? "\u{1B}[1A\u{1B}[2K" : "") + line)
    }
    let why = options.learnersAtOnce == nil ? " (\(machine.why))" : " (as --jobs says)"
    app.writeError("Grading \(folder.path) with \(atOnce) student\(atOnce == 1 ? "" : "s") at a time\(why)\(options.shard.map { ", shard \($0.index) of \($0.count)" } ?? "")...")
    let graded = try ClassGrader(grader: classGrader, learnersAtOnce: atOnce, shard: options.shard, progress: progress)
      .grade(submissions: folder, lessons: lessons, records: records)
    switch options.format {
    case .json:
      app.write("[" + graded.map { record in
        let pairs = record.lessons.compactMap { entry in lessons.first { $0.number == entry.lesson }.map { ($0, entry.result) } }
        return "{\"student\": \(jsonString(record.learner)), \"results\": \(ResultsJSON.encode(pairs))}"
      }.joined(separator: ",\n") + "]")
    case .text:
      app.write(Gradebook.table(graded, lessons: lessons))
    }
    if let out {
      let all = LearnerRecord.all(in: records)
      try Gradebook.write(all, lessons: lessons, points: points, to: out, context: Self.reportContext(all, workbook: workbook, points: points, lms: lms))
      app.writeError("Wrote \(out.path)/: gradebook.csv, details.csv, report.html, feedback/index.csv (which files are whose), and feedback/, results/, junit/ and records/ per learner.")
      try lms?.write(all, lessons: lessons, to: out, say: app.writeError)
    }
    // The class was graded whatever its learners handed in; only grading trouble is an error.
    let broken = graded.flatMap(\.lessons).contains { $0.result.tasks.contains { $0.findings.contains(where: \.isInfrastructure) } }
    return broken ? App.Exit.error : App.Exit.passed
  }

  /// What report.html says about where it comes from: now, the workbook's commit, the points and
  /// the roster's problems; `grade merge` says the same of the shards it combines.
  static func reportContext(_ records: [LearnerRecord], workbook: Workbook, points: Points, lms: LMSExport?) -> ClassReportPage.Context {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    let described = try? Spawner().run(
      ["git", "-C", workbook.root.path, "describe", "--always", "--dirty=+changes", "--abbrev=12"], until: .now + .seconds(30), streams: .separate)
    let commit = described.flatMap { $0.succeeded ? $0.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
    return ClassReportPage.Context(
      made: formatter.string(from: Date()).prefix(16) + " UTC", commit: commit, points: points,
      roster: lms.map { $0.problemLines(records) })
  }
}
