import GradeResults


/// The version of what the grader stores about a result: one number for every store.
///
/// Results, findings and job results are kept between gradings (`ResultCache`,
/// `JobCache`, `LearnerRecord`). Each store writes this number beside what it
/// keeps and reads back only what carries the same one, so a record written by
/// an older grader is ignored, never misread. Any change to a stored type (a
/// `Finding` case renamed or given another value, a field added) bumps it: the
/// golden test `StoredFormatTests` fails until it is bumped.
enum StoredFormat {
  /// The current version.
  static let version = 9
}
