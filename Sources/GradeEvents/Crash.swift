import Foundation
import GradeProcesses

/// How a test program died under a test, as facts: Feedback alone puts them into words.
///
/// Each crash keeps what its own run printed, so two tests that crashed in two
/// runs show two outputs, not the last run's twice.
public struct Crash: Sendable, Equatable, Codable {
  /// How the process ended.
  public var termination: ProcessOutcome.Termination
  /// The `Fatal error` line Swift printed as it trapped, when the run printed one.
  public var fatalError: FatalError?
  /// The last whole lines the run printed, as printed: escaped only where they are shown.
  public var output: String

  /// The most of a run's output a crash keeps, in characters.
  public static let outputLimit = 500

  /// Creates a crash from its facts.
  public init(termination: ProcessOutcome.Termination, fatalError: FatalError? = nil, output: String = "") {
    self.termination = termination
    self.fatalError = fatalError
    self.output = output
  }

  /// The crash of a run that ended with `outcome`: what it printed up to its `Fatal error` line,
  /// where the test's own words are, not the stack trace after it.
  public init(_ outcome: ProcessOutcome) {
    let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
    let fatal = lines.firstIndex { $0.contains("Fatal error") }
    let printed = fatal.map { lines[...$0].joined(separator: "\n") } ?? outcome.output
    self.init(termination: outcome.termination, fatalError: FatalError(in: outcome.output), output: Self.tail(of: printed))
  }

  /// The last whole lines of `text` that fit in `limit` characters; the end of the last line
  /// alone when even it does not fit.
  public static func tail(of text: String, limit: Int = outputLimit) -> String {
    guard text.count > limit else { return text }
    let end = text.suffix(limit)
    // Cut where a line starts, never inside a word.
    guard let newline = end.firstIndex(of: "\n"), end.index(after: newline) < end.endIndex else { return String(end) }
    return String(end[end.index(after: newline)...])
  }
}

/// The `Fatal error: …` line a Swift process prints as it traps, read into its parts.
///
/// Code under test can print such a line too: every part is the run's text, escaped where shown.
public struct FatalError: Sendable, Equatable, Codable {
  /// The file ID the line names (`Module/File.swift`), when it names one.
  public var fileID: String?
  /// The line the line names, when it names one.
  public var line: Int?
  /// What follows `Fatal error: `, or the whole line when it has no such part.
  public var message: String

  /// Creates a fatal error from its parts.
  public init(fileID: String? = nil, line: Int? = nil, message: String) {
    self.fileID = fileID
    self.line = line
    self.message = message
  }

  /// The first `Fatal error` line of `output`, read into its parts; `nil` when there is none.
  public init?(in output: String) {
    guard let found = output.split(whereSeparator: \.isNewline).first(where: { $0.contains("Fatal error") }) else { return nil }
    let text = found.trimmingCharacters(in: .whitespaces)
    guard let marker = text.range(of: ": Fatal error: ") else {
      self.init(message: text)
      return
    }
    let place = text[..<marker.lowerBound].split(separator: ":", maxSplits: 1).map(String.init)
    self.init(fileID: place.first, line: place.count > 1 ? Int(place[1]) : nil, message: String(text[marker.upperBound...]))
  }
}
