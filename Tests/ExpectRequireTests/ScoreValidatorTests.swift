import Testing
@testable import ExpectRequire

/// The tests for task 1: make them pass by finishing
/// Lessons/01-expect-and-require/Sources/ScoreValidator.swift, without
/// changing this file.
///
/// Each test shows one way to check a result or an error; the lesson's
/// README.md explains them.
@Suite("ScoreValidator")
struct ScoreValidatorTests {
  @Test("A score inside 0...100 comes back unchanged")
  func acceptsScoreInRange() throws {
    let input = 42
    let expected = 42
    // `try` without a `#require`: if validate(_:) throws, the test fails and
    // shows the error.
    let result = try ScoreValidator.validate(input)
    #expect(result == expected, "validate(_:) hands back the score it accepted")
  }

  @Test("The edges 0 and 100 are valid scores")
  func acceptsEdges() {
    // `throws: Never.self` says "this must not throw", and still lets the
    // test go on to the next check when it does.
    #expect(throws: Never.self) { try ScoreValidator.validate(0) }
    #expect(throws: Never.self) { try ScoreValidator.validate(100) }
  }

  @Test("A score above 100 throws outOfRange carrying that score")
  func rejectsScoreAboveRange() {
    let input = 101
    // Naming the error value, not just its type, also checks the payload.
    #expect(throws: ScoreError.outOfRange(input)) {
      try ScoreValidator.validate(input)
    }
  }

  @Test("A negative score throws outOfRange carrying that score")
  func rejectsNegativeScore() {
    let input = -1
    #expect(throws: ScoreError.outOfRange(input)) {
      try ScoreValidator.validate(input)
    }
  }

  @Test("Parsing reads a whole number and ignores the spaces around it")
  func parsesNumberWithSpaces() throws {
    let input = " 87 "
    let expected = 87
    let result = try ScoreValidator.parse(input)
    #expect(result == expected)
  }

  @Test("Parsing a number outside 0...100 throws outOfRange, not notANumber")
  func parsingChecksRange() {
    let input = "150"
    let expected = ScoreError.outOfRange(150)
    // `#expect(throws:)` hands back the error it caught (nil if none), so
    // you can look at it afterwards.
    let error = #expect(throws: ScoreError.self) {
      try ScoreValidator.parse(input)
    }
    #expect(error == expected)
  }

  @Test("Parsing a word throws notANumber carrying the text as given")
  func rejectsWords() throws {
    let input = "eighty"
    // `#require(throws:)` stops the test when nothing is thrown, so `error`
    // below is a ScoreError, not an optional.
    let error = try #require(throws: ScoreError.self) {
      try ScoreValidator.parse(input)
    }
    guard case .notANumber(let text) = error else {
      Issue.record("Expected notANumber, but parse(_:) threw \(error)")
      return
    }
    #expect(text == input)
  }

  @Test("A word with spaces around it throws notANumber carrying the spaces too")
  func rejectsWordsKeepingSpaces() {
    let input = " eighty "
    // The error carries the text as given, not the trimmed text parse(_:)
    // tried to read: naming the whole value checks every character of it.
    #expect(throws: ScoreError.notANumber(input)) {
      try ScoreValidator.parse(input)
    }
  }
}
