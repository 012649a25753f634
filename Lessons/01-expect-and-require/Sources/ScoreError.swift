/// Why `ScoreValidator` rejected a score.
///
/// It is `Equatable`, so a test can name the exact error it expects, payload
/// and all: `#expect(throws: ScoreError.outOfRange(101)) { ... }`.
public enum ScoreError: Error, Equatable {
  /// The score is a whole number outside `ScoreValidator.validRange`; it
  /// carries that number.
  case outOfRange(Int)

  /// The text is not a whole number; it carries the text exactly as given.
  case notANumber(String)
}
