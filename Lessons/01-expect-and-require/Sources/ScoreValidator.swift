import Foundation

// You are writing the check a quiz app runs on every score it receives.
// The tests in Tests/ExpectRequireTests/ScoreValidatorTests.swift already say
// which error each bad score must throw: read them first, then make them pass
// with `swift test --filter ExpectRequireTests`. ScoreError is in
// ScoreError.swift, next to this file.

/// Checks scores before the app stores them.
public enum ScoreValidator {
  /// The scores the app accepts.
  public static let validRange = 0...100

  /// Returns `score` when it lies in `validRange`.
  ///
  /// - Throws: `ScoreError.outOfRange(score)` when it does not.
  public static func validate(_ score: Int) throws(ScoreError) -> Int {
    // TODO: Return `score` when `validRange` contains it; otherwise throw
    // `ScoreError.outOfRange(score)`.
    fatalError("Please implement validate(_:)")
  }

  /// Reads a score from text such as `" 87 "` and validates it.
  ///
  /// Spaces around the number are ignored.
  ///
  /// - Throws: `ScoreError.notANumber(text)`, with the text as given, when it
  ///   is not a whole number; `ScoreError.outOfRange(number)` when it is one
  ///   outside `validRange`.
  public static func parse(_ text: String) throws(ScoreError) -> Int {
    // TODO: Trim the spaces around `text`, turn it into an `Int` (throw
    // `ScoreError.notANumber(text)` when that fails), then call `validate(_:)`.
    fatalError("Please implement parse(_:)")
  }
}
