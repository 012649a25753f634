import Foundation
import Testing

@testable import GradeEvents

/// A stream's lines are what the standard library's `split` gives, for data and slices alike.
@Suite struct DataLinesTests {
  @Test("Lines match split at the newline, with and without empty lines, in data and in a slice of it", arguments: [
    "", "\n", "\n\n", "a", "a\n", "\na", "a\nb", "a\n\nb\n", "{\"kind\":\"test\"}\n{\"kind\":\"event\"}\n", "no newline at the end\nx",
  ])
  func matchesSplit(text: String) {
    let whole = Data(text.utf8)
    var padded = Data("<<".utf8) + whole + Data(">>".utf8)
    padded = padded[(padded.startIndex + 2)..<(padded.endIndex - 2)]
    for data in [whole, padded] {
      for omitting in [true, false] {
        let expected = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: omitting).map { Array($0) }
        #expect(data.lines(omittingEmpty: omitting).map { Array($0) } == expected, "\(text.debugDescription), omitting \(omitting)")
      }
    }
  }
}
