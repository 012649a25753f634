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
    // The error carries the score, so `#expect(throws: ScoreError.outOfRange(101))`
    // can tell "rejected 101" from "rejected something else".
    guard validRange.contains(score) else { throw .outOfRange(score) }
    return score
  }

  /// Reads a score from text such as `" 87 "` and validates it.
  ///
  /// Spaces around the number are ignored.
  ///
  /// - Throws: `ScoreError.notANumber(text)`, with the text as given, when it
  ///   is not a whole number; `ScoreError.outOfRange(number)` when it is one
  ///   outside `validRange`.
  public static func parse(_ text: String) throws(ScoreError) -> Int {
    // `Int(_:)` rejects surrounding spaces, so trim them first; the error
    // keeps the original text so the caller sees exactly what was rejected.
    guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
      throw .notANumber(text)
    }
    return try validate(number)
  }
}
