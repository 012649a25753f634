import Foundation
import GradeCatalog
import GradeFeedback
import GradeProcesses

/// `grade class` and `grade merge`: grading every learner of a class, and combining shards.
extension App {
  /// Grades every learner folder (of one shard), prints progress and a table or JSON,
  /// and writes the records and, when asked, the reports.
  func gradeClass(
    _ submissions: String, _ names: [String], report: String?, options: Command.Options, workbook: Workbook
  ) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let folder = url(submissions)
    let state = options.work.map { StateFolder(root: url($0)) }
      ?? ClassGrader.defaultState(for: workbook)
    let root = workbook.root.standardizedFileURL.path + "/"
    if (state.root.standardizedFileURL.path + "/").hasPrefix(root) {
      throw .usage("--work \(state.root.path) is inside the workbook; class grading keeps students' code outside it. Choose a folder elsewhere.")
    }
    let out = report.map { url($0) }
    let lms = try LMSExport(options, app: self, workbook: workbook)
    let points = try self.points(options.points, in: workbook)
    if lms != nil, out == nil { throw .usage("--roster writes LMS gradebooks into the report folder; add --report OUT") }
    if let out, (out.path + "/").hasPrefix(folder.path + "/") {
      throw .usage("--report \(out.path) is inside the submissions folder, where it would be graded as a student; put it elsewhere")
    }
    let records = (out ?? state.root).appending(path: "records")
    var classGrader = grader(workbook, options, state: state)
    // The class's own progress line replaces each lesson's.
    classGrader.progress = { _ in }
    if let notice = classGrader.isolation.notice {
      writeError("grade: \(notice)")
    }
    let jobs = options.jobs ?? ClassGrader.defaultJobs
    let terminal = outputIsTerminal
    let printed = Locked(false)
    let progress: @Sendable (ClassGrader.Progress) -> Void = { [writeError] now in
      let left = now.remaining.map { " · about \(Self.clock($0)) left" } ?? ""
      let troubled = now.troubled.isEmpty ? "" : " · errored or timed out: \(now.troubled.suffix(3).joined(separator: ", "))\(now.troubled.count > 3 ? " and \(now.troubled.count - 3) more" : "")"
      let resumed = now.resumed > 0 ? " (\(now.resumed) unchanged)" : ""
      let line = "learner \(now.done) of \(now.total)\(resumed) · \(Self.clock(now.elapsed)) elapsed\(left)\(troubled) · last: \(now.latest)"
      // At a terminal the line updates in place; in a log, a line per learner.
      let again = printed.withValue { value -> Bool in defer { value = true }; return value }
      writeError((terminal && again ? "\u{1B}[1A\u{1B}[2K" : "") + line)
    }
    writeError("Grading \(folder.path) with \(jobs) at a time\(options.shard.map { ", shard \($0.index) of \($0.count)" } ?? "")...")
    let graded = try ClassGrader(grader: classGrader, jobs: jobs, shard: options.shard, progress: progress)
      .grade(submissions: folder, lessons: lessons, records: records)
    switch options.format {
    case .json:
      write("[" + graded.map { record in
        let pairs = record.lessons.compactMap { entry in lessons.first { $0.number == entry.lesson }.map { ($0, entry.result) } }
        return "{\"student\": \(jsonString(record.learner)), \"results\": \(ResultsJSON.encode(pairs))}"
      }.joined(separator: ",\n") + "]")
    case .text:
      write(Gradebook.table(graded, lessons: lessons))
    }
    if let out {
      let all = LearnerRecord.all(in: records)
      try Gradebook.write(all, lessons: lessons, points: points, to: out, context: reportContext(all, workbook: workbook, points: points, lms: lms))
      writeError("Wrote \(out.path)/: gradebook.csv, details.csv, report.html, and feedback/, results/, junit/ and records/ per learner.")
      try lms?.write(all, lessons: lessons, to: out, say: writeError)
    }
    // The class was graded whatever its learners handed in; only grading trouble is an error.
    let broken = graded.flatMap(\.lessons).contains { $0.result.tasks.contains { $0.findings.contains(where: \.isInfrastructure) } }
    return broken ? Exit.error : Exit.passed
  }

  /// Combines the records of several shards' reports into one set of reports.
  func merge(into destination: String, from sources: [String], options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    let out = url(destination)
    let lms = try LMSExport(options, app: self, workbook: workbook)
    let points = try self.points(options.points, in: workbook)
    var byLearner: [String: LearnerRecord] = [:]
    for source in sources {
      let folder = url(source)
      guard FileManager.default.fileExists(atPath: folder.appending(path: "records").path) else {
        throw .usage("\(folder.path) has no records/ folder; give the --report folders of grade class")
      }
      let found = LearnerRecord.all(in: folder.appending(path: "records"))
      if found.isEmpty { writeError("\(folder.path)/records holds no learners (a shard can be empty).") }
      for record in found {
        if byLearner[record.learner] != nil, byLearner[record.learner] != record {
          throw .usage("\(record.learner) was graded in two shards with different results; merge the shards of one run")
        }
        byLearner[record.learner] = record
      }
    }
    let records = byLearner.values.sorted { $0.learner < $1.learner }
    guard !records.isEmpty else { throw .usage("the shards hold no learner records") }
    do {
      for record in records { try record.write(to: out.appending(path: "records/\(record.fileName)")) }
    } catch {
      throw .infrastructure("cannot write \(out.path)/records: \(error.localizedDescription)")
    }
    let graded = Set(records.flatMap { $0.lessons.map(\.lesson) })
    let lessons = workbook.catalog.lessons.filter { graded.contains($0.number) }
    try Gradebook.write(records, lessons: lessons, points: points, to: out, context: reportContext(records, workbook: workbook, points: points, lms: lms))
    try lms?.write(records, lessons: lessons, to: out, say: writeError)
    write(Gradebook.table(records, lessons: lessons))
    writeError("Merged \(records.count) learners from \(sources.count) shard\(sources.count == 1 ? "" : "s") into \(out.path)/.")
    return Exit.passed
  }

  /// What report.html says about where it comes from: now, the workbook's commit, the points and the roster's problems.
  func reportContext(_ records: [LearnerRecord], workbook: Workbook, points: Points, lms: LMSExport?) -> ClassReportPage.Context {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    let described = try? ProcessRunner().run(
      ["git", "-C", workbook.root.path, "describe", "--always", "--dirty=+changes", "--abbrev=12"], until: .now + .seconds(30), streams: .separate)
    let commit = described.flatMap { $0.succeeded ? $0.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
    return ClassReportPage.Context(
      made: formatter.string(from: Date()).prefix(16) + " UTC", commit: commit, points: points,
      roster: lms.map { LMSGradebook.problems(records: records, roster: $0.roster).text.split(separator: "\n").map(String.init) })
  }

  /// Seconds as `m:ss`.
  static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
  }
}
