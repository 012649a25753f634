import Testing
@testable import CallbackTesting

// BadgeLabel (Sources/BadgeLabel.swift) is what the Notes tab's badge shows
// for a count: a value made from the count alone. Its rules are tested at the
// base of the test pyramid: no stream, no awaitCallback, no await; make a
// label from a count, read it, and cover every edge with one parameterized
// test of many cases, each a count with what it must show and say.

@Suite("BadgeLabel")
struct BadgeLabelTests {
  // TODO: Write a parameterized test of at least 6 cases: each a count, the
  // text the badge shows for it (nil for none) and what VoiceOver reads, at
  // every edge of the doc comments: none, one, several, the largest count
  // spelled out, and the first count past it.
}
