import Foundation

/// A chaff's misconception as a student copy's catalog holds it: sealed, so that reading
/// `Lessons/catalog.json` does not list the bugs the student's tests are about to be checked
/// against; the grader in the copy unseals it to say what a test missed.
///
/// The text is XORed with a keystream made from a random key `grade release` writes into
/// `Grading/seal.key` and the chaff's place, then base64-encoded behind `sealed:`. It keeps the
/// list out of sight, not out of reach: a student who reads the grader's source can unseal it,
/// as they could run the compiled variants. The grades that count come from `grade class` in
/// the instructor's workbook, whatever a copy reveals.
package enum SealedMisconception {
  /// What a sealed misconception starts with.
  static let prefix = "sealed:"

  /// Where a student copy keeps the key.
  package static let keyFile = "Grading/seal.key"

  /// `text` sealed with `key` for the chaff at `place` (such as `01-expect-and-require/2/1`).
  package static func seal(_ text: String, key: String, place: String) -> String {
    prefix + Data(xor(Array(text.utf8), key: key, place: place)).base64EncodedString()
  }

  /// The text of a sealed misconception, or `nil` when it is not one or does not unseal.
  static func unseal(_ sealed: String, key: String, place: String) -> String? {
    guard sealed.hasPrefix(prefix), let data = Data(base64Encoded: String(sealed.dropFirst(prefix.count))) else { return nil }
    return String(bytes: xor(Array(data), key: key, place: place), encoding: .utf8)
  }

  /// The catalog with every sealed misconception unsealed with the copy's key; as it is when none is sealed.
  static func unsealed(_ catalog: Catalog, root: URL) -> Catalog {
    guard let key = try? String(contentsOf: root.appending(path: keyFile), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    else { return catalog }
    var catalog = catalog
    for lessonIndex in catalog.lessons.indices {
      let lesson = catalog.lessons[lessonIndex]
      for taskIndex in lesson.tasks.indices {
        guard case .writeTests(var spec) = lesson.tasks[taskIndex].kind else { continue }
        for chaffIndex in spec.chaffs.indices {
          let place = "\(lesson.folder)/\(lesson.tasks[taskIndex].number)/\(chaffIndex + 1)"
          if let text = unseal(spec.chaffs[chaffIndex].misconception, key: key, place: place) { spec.chaffs[chaffIndex].misconception = text }
        }
        catalog.lessons[lessonIndex].tasks[taskIndex].kind = .writeTests(spec)
      }
    }
    return catalog
  }

  /// The bytes XORed with the keystream of `key` and `place`: hashes of the key, the place and a counter.
  private static func xor(_ bytes: [UInt8], key: String, place: String) -> [UInt8] {
    var stream: [UInt8] = []
    var counter = 0
    while stream.count < bytes.count {
      stream += Array(Fingerprint.hex(of: "\(key)|\(place)|\(counter)").utf8.prefix(16)).map { $0 &* 31 &+ UInt8(truncatingIfNeeded: counter) }
      counter += 1
    }
    return zip(bytes, stream).map { $0 ^ $1 }
  }
}
