import Testing
@testable import DependencyInjection

// The compose screen's counter is a struct of plain values: no model, no
// actor, no fake server and no await. Make one from a draft, read it, and
// check each promise of its doc comments, at the edges where a rule changes.

@Suite("Task 8: the draft counter")
struct DraftCounterTests {
  /// A draft of `count` characters.
  func draft(ofLength count: Int) -> String {
    String(repeating: "a", count: count)
  }

  @Test("The message leaves out the spaces and newlines around the draft")
  func messageIsTrimmed() {
    let counter = DraftCounter(draft: "  See you at six \n")

    #expect(counter.message == "See you at six")
    #expect(counter.remaining == DraftCounter.limit - 14)
  }

  @Test("An emoji of several code points counts as one character")
  func emojiCountsOnce() {
    let input = "👍🏽"  // A thumb and a skin tone: two code points, one character.

    let counter = DraftCounter(draft: input)

    #expect(counter.remaining == DraftCounter.limit - 1)
  }

  @Test("A message of exactly the limit can be sent, with nothing left")
  func fullMessageCanBeSent() {
    let counter = DraftCounter(draft: draft(ofLength: DraftCounter.limit))

    #expect(counter.canSend)
    #expect(counter.remaining == 0)
    #expect(counter.style == .warning)
  }

  @Test("One character over the limit is over, and cannot be sent")
  func overTheLimit() {
    let counter = DraftCounter(draft: draft(ofLength: DraftCounter.limit + 1))

    #expect(!counter.canSend)
    #expect(counter.remaining == -1)
    #expect(counter.style == .over)
  }

  @Test(
    "The counter warns from 20 characters left",
    arguments: [(left: 21, expected: DraftCounter.Style.normal), (left: 20, expected: .warning), (left: 1, expected: .warning)])
  func warnsFromTwenty(left: Int, expected: DraftCounter.Style) {
    let counter = DraftCounter(draft: draft(ofLength: DraftCounter.limit - left))

    #expect(counter.style == expected)
  }

  @Test("A blank draft cannot be sent", arguments: ["", "   ", " \n\t "])
  func blankCannotBeSent(input: String) {
    #expect(!DraftCounter(draft: input).canSend)
  }

  /// The whole numbers in `label`, each with its sign: "-3 left" holds -3, not 3.
  func numbers(in label: String) -> [Int] {
    label.matches(of: /-?\d+/).compactMap { Int($0.output) }
  }

  @Test("The label holds how many are left, or how many too many")
  func labelHoldsTheNumber() {
    let left = DraftCounter(draft: draft(ofLength: DraftCounter.limit - 12))
    let over = DraftCounter(draft: draft(ofLength: DraftCounter.limit + 1))

    // The words are the counter's to choose: check the number, not the sentence.
    #expect(numbers(in: left.label).contains(12))
    #expect(numbers(in: over.label).contains(1))
  }

  /// `label` with each number in it replaced by "#": its words alone.
  func words(of label: String) -> String {
    label.replacing(/-?\d+/, with: "#")
  }

  @Test("A full message's label reads like any count left, not like one over")
  func fullMessageLabelReadsAsLeft() {
    let full = DraftCounter(draft: draft(ofLength: DraftCounter.limit))
    let left = DraftCounter(draft: draft(ofLength: DraftCounter.limit - 12))
    let over = DraftCounter(draft: draft(ofLength: DraftCounter.limit + 1))

    // Whatever the words, Send is enabled at 0 left: the label must not say too many.
    #expect(words(of: full.label) == words(of: left.label))
    #expect(words(of: full.label) != words(of: over.label))
  }
}
