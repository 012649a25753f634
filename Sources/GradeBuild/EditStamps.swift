import Foundation
import GradeCatalog

/// Makes sure a file-by-file build sees every edit.
///
/// The driver decides which files changed by their modification time, to the
/// second: a file edited again within the second of the last build looks
/// untouched, and the library would be built from its old code. So each build
/// records every input's content hash and modification second, and before the
/// next one an input whose content changed gets a later second if it has none.
struct EditStamps {
  /// Where the record is kept, in the build's own folder.
  var record: URL

  private struct Stamp: Codable {
    var hash: String
    var second: Int64
  }

  /// Moves the modification time of each changed input past the second the last build saw.
  func prepare(_ inputs: [URL]) {
    let manager = FileManager.default
    let last = (try? JSONDecoder().decode([String: Stamp].self, from: Data(contentsOf: record))) ?? [:]
    for input in inputs {
      guard let before = last[input.lastPathComponent], before.hash != Self.hash(of: input),
        Self.second(of: input) <= before.second
      else { continue }
      try? manager.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: TimeInterval(before.second + 1))], ofItemAtPath: input.path)
    }
  }

  /// Records what the inputs were when the build that just succeeded read them.
  func remember(_ inputs: [URL]) {
    var stamps: [String: Stamp] = [:]
    for input in inputs {
      stamps[input.lastPathComponent] = Stamp(hash: Self.hash(of: input), second: Self.second(of: input))
    }
    try? JSONEncoder().encode(stamps).write(to: record, options: .atomic)
  }

  private static func hash(of file: URL) -> String {
    var fingerprint = Fingerprint()
    fingerprint.add((try? Data(contentsOf: file)) ?? Data())
    return String(fingerprint.value, radix: 16)
  }

  private static func second(of file: URL) -> Int64 {
    let date = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? nil
    return Int64((date ?? .distantPast).timeIntervalSince1970.rounded(.down))
  }
}
