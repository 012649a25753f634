
/// One line of Swift Testing's JSON event stream, schema version 0.
///
/// Only the fields the grader reads are declared; everything else, including
/// record kinds it does not know, is ignored so that a newer testing library
/// adding fields cannot break grading. The schema is
/// swiftlang/swift-testing `Documentation/ABI/JSON.md`.
package struct EventRecord: Decodable {
  /// The schema version the grader asks for with `--event-stream-version`.
  static let schemaVersion = 0

  var version: Int?
  var kind: String
  var payload: Payload

  /// The union of a `test` record's and an `event` record's fields.
  struct Payload: Decodable {
    // A `test` record.
    var id: String?
    var name: String?
    var displayName: String?
    var isParameterized: Bool?
    var _tags: [String]?
    var sourceLocation: SourceLocation?
    // An `event` record: `kind` is shared.
    var kind: String?
    var testID: String?
    var issue: Issue?
    var messages: [Message]?
    var _comments: [String]?
    var _testCase: TestCase?
  }

  struct SourceLocation: Decodable {
    var fileID: String?
    var _filePath: String?
    var line: Int?
    var column: Int?
  }

  struct Issue: Decodable {
    var isKnown: Bool?
    var sourceLocation: SourceLocation?
  }

  struct Message: Decodable {
    var symbol: String?
    var text: String
  }

  struct TestCase: Decodable {
    var displayName: String?
  }
}
