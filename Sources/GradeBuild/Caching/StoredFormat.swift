import Foundation
import GradeResults

/// The version of what the grader stores about a result: one number for every store.
///
/// Results, findings and job results are kept between gradings (`ResultCache`,
/// `JobCache`, `LearnerRecord`). Each store writes this number beside what it
/// keeps and reads back only what carries the same one, so a record written by
/// an older grader is ignored, never misread. Any change to a stored type (a
/// `Finding` case renamed or given another value, a field added) bumps it: the
/// golden test `StoredFormatTests` fails until it is bumped.
package enum StoredFormat {
  /// The current version.
  package static let version = 11

  /// What a stored result was made by: the version, and the grader program itself, so that a
  /// rebuilt grader never reads a result an older one stored.
  static let resultFormat = "grade-results-\(version) " + programIdentity

  /// The running program's path, size and modification time.
  static let programIdentity: String = {
    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath ?? ""
    let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
    return "\(path) \(size) \(modified)"
  }()
}
