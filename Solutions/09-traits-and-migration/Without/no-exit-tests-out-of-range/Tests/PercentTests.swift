import Testing
@testable import SuiteTraits

// You are testing Percent and split(_:into:) (Sources/Percent.swift). A
// percentage outside 0...100, or a split into no parts, is a programming
// error: the code must stop the program, not carry on with a made-up value.
// Your tests are graded against copies that carry on, or stop on good input.

@Suite("Percent and split")
struct PercentTests {
  // Each exit test runs its closure in a new process, so the precondition
  // stops that process and this test reads how it ended. Good input is
  // checked too, so code that stops on everything does not pass.

  @Test("The edges 0 and 100 do not stop the program", arguments: [0, 100])
  func edgesDoNotStop(value: Int) async {
    await #expect(processExitsWith: .success) { [value] in
      _ = Percent(value)
    }
  }

  @Test("Twenty-five percent of 10.00 is 2.50")
  func takesAShare() {
    #expect(Percent(25).of(1_000) == 250)
  }

  // 15 % of 9.99 is 1.4985: an exact share such as 25 % of 10.00 cannot
  // tell rounding down from rounding to the nearest cent, this one can.
  @Test("Fifteen percent of 9.99 rounds down to 1.49")
  func roundsAShareDown() {
    let expected = 149
    #expect(Percent(15).of(999) == expected)
  }

  @Test("Splitting into zero parts stops the program")
  func splittingIntoZeroPartsStops() async {
    await #expect(processExitsWith: .failure) {
      _ = split(1_000, into: 0)
    }
  }

  @Test("Splitting 10.00 three ways gives the extra cent to the first share")
  func splitsEvenly() {
    let expected = [334, 333, 333]
    #expect(split(1_000, into: 3) == expected)
  }
}
