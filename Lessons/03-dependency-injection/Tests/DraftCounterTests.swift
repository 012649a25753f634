import Testing
@testable import DependencyInjection

// The compose screen's counter is a struct of plain values: no model, no
// actor, no fake server and no await. Make one from a draft, read it, and
// check each promise of its doc comments, at the edges where a rule changes.

@Suite("Task 8: the draft counter")
struct DraftCounterTests {
  @Test("The message leaves out the spaces and newlines around the draft")
  func messageIsTrimmed() {
    let counter = DraftCounter(draft: "  See you at six \n")

    #expect(counter.message == "See you at six")
  }

  // TODO: Add a test for each promise of DraftCounter
  // (Sources/DraftCounter.swift): what remaining counts, and how it counts an
  // emoji; what a message of exactly the limit and one past it can do and
  // how each looks; where the warning starts; which drafts cannot be sent;
  // and what the label holds.
}
