import Foundation
import GradeResults

/// The version of every file the grader keeps: one number for every store.
///
/// Results, findings, job results and durations are kept between gradings
/// (`ResultCache`, `JobCache`, `JobDurations`, `LearnerRecord`), and so is the
/// learner's state (`HintStore`, `CurrentLesson`, `ShownTask`). Every one is
/// written and read in one envelope (`StoredFile`) that carries this number, and
/// only a file that carries the same one is read back, so a file written by an
/// older grader is ignored, never misread (the learner's hints then start again). Any change to a stored type (a
/// `Finding` case renamed or given another value, a field added) bumps it: the
/// golden test `StoredFormatTests` fails until it is bumped.
package enum StoredFormat {
  /// The current version.
  package static let version = 16

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
