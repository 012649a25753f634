/// What one test did in one run, folded from its events.
public struct TestOutcome: Sendable, Equatable, Codable {
  /// How the test ended.
  public enum Status: Sendable, Equatable, Codable {
    /// It ended with no issues, or only known ones.
    case passed
    /// It ended with at least one issue that is not known.
    case failed
    /// A trait such as `.disabled` skipped it; the comment says why.
    case skipped(String?)
    /// It started and never ended: the process crashed or was stopped under it.
    case interrupted
    /// It never started.
    case notRun
  }

  /// The stable identifier, such as `ExpectRequireTests.UserStoreTests/findsUser()/UserStoreTests.swift:12:4`.
  public var id: String
  /// The test's name as written, such as `findsUser()`.
  public var name: String
  /// The display name, or the name when there is none.
  public var displayName: String
  /// Where the test is declared, as `Module/File.swift`.
  public var fileID: String?
  /// The line of the declaration.
  public var line: Int?
  /// Whether the test takes arguments.
  public var isParameterized: Bool
  /// How many test cases started (parameterized tests only).
  public var caseCount: Int
  /// What each case is called in the report, in the order they started (parameterized tests only).
  public var caseNames: [String] = []
  /// How the test ended.
  public var status: Status
  /// Every issue it recorded, known ones included.
  public var issues: [IssueReport]
  /// Its tags, without the leading dot, such as `slow`.
  public var tags: [String] = []
  /// How many times it ended, in a run that repeated the tests; 1 otherwise.
  public var runs: Int = 0
  /// How many of those runs recorded an issue that is not known.
  public var failedRuns: Int = 0
  /// Which runs, from 1, recorded an issue that is not known, in a run that repeated the tests.
  public var failedIterations: [Int] = []
  /// Whether what the test computed is withheld (`withoutValues`): its one issue stands at its
  /// declaration for all it recorded, and says nothing of its own.
  public var valuesWithheld = false

  /// The issues that make the test fail.
  public var failures: [IssueReport] { issues.filter { !$0.isKnown } }

  /// The test's name path inside its module: `["UserStoreTests", "findsUser()"]`.
  public var namePath: [String] { TestOutcome.namePath(ofID: id) }

  /// Splits a test ID into module-relative name components, dropping the source location.
  package static func namePath(ofID id: String) -> [String] {
    var parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if let last = parts.last, last.contains(".swift:") { parts.removeLast() }
    guard let first = parts.first, let dot = first.firstIndex(of: ".") else { return parts }
    parts[0] = String(first[first.index(after: dot)...])
    return parts
  }

  /// The module a test ID belongs to: the part before the first dot.
  static func module(ofID id: String) -> String {
    String(id.prefix { $0 != "." })
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, displayName, fileID, line, isParameterized, caseCount, caseNames, status, issues, tags, runs, failedRuns, failedIterations,
      valuesWithheld
  }
}
