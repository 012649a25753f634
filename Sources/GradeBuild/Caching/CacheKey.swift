import Foundation
import GradeCatalog

/// The key a stored result is kept under, built in one place for every store: what the result
/// depends on, each part labelled, hashed.
///
/// `CacheKey(grading:)` starts with what every graded run depends on (the stored
/// format and the grader itself, the limits, the box, the toolchain); each store
/// adds its own parts: a lesson's inputs (`ResultCache`), a job's program and
/// request (`JobCache`), a learner's files (`LearnerRecord`).
package struct CacheKey: Sendable, Equatable {
  private var fingerprint = Fingerprint()
  /// The labelled parts that are not file contents, in order, for a store that keeps its
  /// key beside the result to guard against a collision.
  package private(set) var text = ""

  /// An empty key.
  package init() {}

  /// A key that starts with everything any graded run depends on.
  package init(grading settings: GradingSettings) {
    add("format", StoredFormat.resultFormat)
    add("limits", settings.limits.summary)
    add("namespaces", "\(settings.namespaces)")
    add("code-hidden", "\(settings.codeHidden)")
    add("toolchain", settings.toolchain)
    add("tsan-everywhere", "\(settings.threadSanitizer)")
    // Only another box is named, so the Linux box's keys, and the results stored under them, stay as they were.
    if settings.box != .linux { add("box", settings.box.rawValue) }
  }

  /// Adds a labelled value.
  package mutating func add(_ label: String, _ value: String) {
    fingerprint.add(label)
    fingerprint.add(value)
    text += "\(label)=\(value)\n"
  }

  /// Adds a labelled file's contents, hashed only.
  package mutating func add(_ label: String, contents: Data) {
    fingerprint.add(label)
    fingerprint.add(contents)
    text += "\(label)=<\(contents.count) bytes>\n"
  }

  /// The key with another part added.
  package func adding(_ label: String, _ value: String) -> CacheKey {
    var key = self
    key.add(label, value)
    return key
  }

  /// The key's hash in hexadecimal: a file or folder name.
  package var hash: String { String(fingerprint.value, radix: 16) }
}
