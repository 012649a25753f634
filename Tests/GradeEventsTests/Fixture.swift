import Foundation
import GradeEvents

/// Reads the files in `Tests/GradeEventsTests/Fixtures`, made by `make-fixtures.sh`.
enum Fixture {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

  static func text(_ name: String) throws -> String {
    try String(contentsOf: folder.appending(path: name), encoding: .utf8)
  }

  static func report(_ name: String) throws -> TestRunReport {
    TestRunReport(eventStream: try text("\(name).jsonl"))
  }
}

