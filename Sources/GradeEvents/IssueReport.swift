/// One issue a test recorded: a failed expectation, a thrown error, an `Issue.record`.
public struct IssueReport: Sendable, Equatable, Codable {
  /// The message as Swift Testing expanded it, such as `Expectation failed: (score → 101) <= 100`.
  public var message: String
  /// Comments attached to the expectation.
  public var comments: [String]
  /// Where the issue was recorded, as `Module/File.swift`.
  public var fileID: String?
  /// The line where it was recorded.
  public var line: Int?
  /// Whether `withKnownIssue` expected it.
  public var isKnown: Bool
  /// The test case's arguments, for a parameterized test.
  public var testCase: String?

  /// The message with its comments, on one line, as machine-readable results give it: the
  /// same words the text shows, where each comment follows the message on a line of its own.
  public var summary: String {
    ([message] + comments.map(Self.shown)).joined(separator: " ")
  }

  /// A comment as Swift Testing's console shows it under its issue: `↳ retry`.
  public static func shown(_ comment: String) -> String { "↳ " + comment }

  /// Creates an issue report.
  public init(
    message: String, comments: [String] = [], fileID: String? = nil, line: Int? = nil,
    isKnown: Bool = false, testCase: String? = nil
  ) {
    self.message = message
    self.comments = comments
    self.fileID = fileID
    self.line = line
    self.isKnown = isKnown
    self.testCase = testCase
  }

  private enum CodingKeys: String, CodingKey {
    case message, comments, fileID, line, isKnown, testCase
  }
}
