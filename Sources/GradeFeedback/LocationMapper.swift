import GradeCatalog
import GradeEvents

/// Turns Swift's `Module/File.swift` file IDs into paths the learner can open.
///
/// Every module a grading compiles has the name of its lesson's target: the
/// canonical tests (`ExpectRequireTests`), the learner's tests
/// (`ExpectRequireLearnerTests`), and the learner's module and every variant
/// (`ExpectRequire`), so a file ID names the file the learner knows.
public struct LocationMapper: Sendable {
  /// The lesson whose modules are mapped.
  public var lesson: Lesson

  /// Creates a mapper for `lesson`.
  public init(lesson: Lesson) {
    self.lesson = lesson
  }

  /// The workbook path for a file ID, or the file ID itself when it is not the lesson's.
  public func path(forFileID fileID: String) -> String {
    guard let slash = fileID.firstIndex(of: "/") else { return fileID }
    let module = String(fileID[..<slash])
    let file = String(fileID[fileID.index(after: slash)...])
    switch module {
    case lesson.testModule: return WorkbookPath.canonicalTests(lesson).appending(file).relative
    case lesson.learnerTestModule: return WorkbookPath.file("\(Lesson.testsFolder)/\(file)", of: lesson).relative
    case lesson.module: return WorkbookPath.file("\(Lesson.sourcesFolder)/\(file)", of: lesson).relative
    default: return fileID
    }
  }

  /// `path:line` for an issue, when it has a location.
  public func location(of issue: IssueReport) -> String? {
    guard let fileID = issue.fileID else { return nil }
    return issue.line.map { "\(path(forFileID: fileID)):\($0)" } ?? path(forFileID: fileID)
  }

  /// `path:line` for a test's declaration.
  public func location(of test: TestOutcome) -> String? {
    guard let fileID = test.fileID else { return nil }
    return test.line.map { "\(path(forFileID: fileID)):\($0)" } ?? path(forFileID: fileID)
  }

  /// A crash in words: the fatal error it printed, with its file put as the learner knows it,
  /// or how the process ended when it printed none. The run's text is escaped.
  public func words(for crash: Crash) -> String {
    guard let fatal = crash.fatalError else { return TerminationWords.sentence(crash.termination) }
    let message = ShownText.escaped(fatal.message, limit: ShownText.messageLimit)
    guard let fileID = fatal.fileID else { return message }
    let place = ShownText.escaped(path(forFileID: fileID), limit: ShownText.messageLimit) + (fatal.line.map { ":\($0)" } ?? "")
    return "Fatal error: \(message) (\(place))"
  }
}
