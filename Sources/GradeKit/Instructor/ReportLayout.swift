/// Where each file of a class report lives, relative to the report's folder: the one place
/// that spells the layout `grade class`, `grade merge`, the gradebook and the report page share.
enum ReportLayout {
  /// The learners' records, one JSON file each: what `grade merge` reads back.
  static let records = "records"
  /// The points per learner.
  static let gradebook = "gradebook.csv"
  /// One row per learner and task.
  static let details = "details.csv"
  /// Which report files are whose.
  static let feedbackIndex = "feedback/index.csv"
  /// The page an instructor opens.
  static let page = "report.html"
  /// The folders the per-learner files go in.
  static let folders = ["feedback", "results", "junit"]

  /// A learner's feedback in Markdown; `name` is their folder's name in safe characters.
  static func feedback(_ name: String) -> String { "feedback/\(name).md" }
  /// A learner's folder of Exercism results, one file per lesson.
  static func results(_ name: String) -> String { "results/\(name)/" }
  /// A learner's JUnit XML.
  static func junit(_ name: String) -> String { "junit/\(name).xml" }
  /// A learner's record.
  static func record(_ fileName: String) -> String { "\(records)/\(fileName)" }
}
