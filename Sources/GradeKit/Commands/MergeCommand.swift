import Foundation
import GradeCatalog
import GradeResults

/// `grade merge OUT SHARD ...`: the records of several `grade class` shards combined into one set of reports.
struct MergeCommand: GradeCommand {
  /// How usage shows `grade merge`, and the options it takes.
  static let usage = CommandUsage(
    name: "merge", arguments: "OUT SHARD ...", summary: "combine the --report folders of several shards into one in OUT",
    audience: .instructors, options: ["--roster", "--points", "--assignments"])

  /// The folder to write the combined reports into.
  var destination: String
  /// The `--report` folders of the shards.
  var sources: [String]
  /// The roster and points of the reports.
  var options: Commands.Options

  /// Takes the folder to write, then at least one shard.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> MergeCommand {
    guard words.count >= 2 else {
      throw .usage("say where to write and which shard reports to merge: swift run grade merge OUT SHARD1 SHARD2 ...")
    }
    return MergeCommand(destination: words[0], sources: Array(words.dropFirst()), options: parsed.options)
  }

  /// Combines the shards' records and writes the reports from them.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let out = app.url(destination)
    let lms = try LMSExport(options, app: app, workbook: workbook)
    let points = try app.points(options.points, in: workbook)
    var byLearner: [String: LearnerRecord] = [:]
    for source in sources {
      let folder = app.url(source)
      guard FileManager.default.fileExists(atPath: folder.appending(path: ReportLayout.records).path) else {
        throw .usage("\(folder.path) has no \(ReportLayout.records)/ folder; give the --report folders of grade class")
      }
      let found = LearnerRecord.all(in: folder.appending(path: ReportLayout.records))
      if found.isEmpty { app.writeError("\(folder.path)/\(ReportLayout.records) holds no learners (a shard can be empty).") }
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
      for record in records { try record.write(to: out.appending(path: ReportLayout.record(record.fileName))) }
    } catch {
      throw .infrastructure("cannot write \(out.path)/\(ReportLayout.records): \(error.localizedDescription)")
    }
    let graded = Set(records.flatMap { $0.lessons.map(\.lesson) })
    let lessons = workbook.catalog.lessons.filter { graded.contains($0.number) }
    try Gradebook.write(records, lessons: lessons, points: points, to: out, context: ClassCommand.reportContext(records, workbook: workbook, points: points, lms: lms))
    try lms?.write(records, lessons: lessons, to: out, say: app.writeError)
    app.write(Gradebook.table(records, lessons: lessons))
    app.writeError("Merged \(Count.words(records.count, "learner")) from \(Count.words(sources.count, "shard")) into \(out.path)/.")
    return App.Exit.passed
  }
}
