import Testing
@testable import CallbackTesting

// BadgeLabel (Sources/BadgeLabel.swift) is what the Notes tab's badge shows
// for a count: a value made from the count alone. Its rules are tested at the
// base of the test pyramid: no stream, no awaitCallback, no await; make a
// label from a count, read it, and cover every edge with one parameterized
// test of many cases, each a count with what it must show and say.

@Suite("BadgeLabel")
struct BadgeLabelTests {
  // One case per edge of a rule: no badge at 0, the singular at 1, the plural
  // from 2, the largest count spelled out, and the first past it, and one far
  // past it. Each case costs microseconds: a value, read at once.
  @Test("The badge shows and says each count")
  func showsAndSays() {
    for (count, text, spoken) in [
    (count: 0, text: String?.none, spoken: "No unread notes"),
    (count: 1, text: "1", spoken: "1 unread note"),
    (count: 2, text: "2", spoken: "2 unread notes"),
    (count: 99, text: "99", spoken: "99 unread notes"),
    (count: 100, text: "99+", spoken: "More than 99 unread notes"),
    (count: 1_000, text: "99+", spoken: "More than 99 unread notes"),
    ] {
      let label = BadgeLabel(count: count)

      #expect(label.text == text)
      #expect(label.spoken == spoken)
    }
  }
}
