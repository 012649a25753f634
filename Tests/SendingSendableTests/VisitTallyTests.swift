import Testing
@testable import SendingSendable

/// Checks `VisitTally` (task 2): counts, a page nobody visited, visits from many tasks, and snapshots.
@Suite("VisitTally")
struct VisitTallyTests {
  @Test("Counts each visit to its own page")
  func countsPerPage() {
    let tally = VisitTally()

    tally.record("/home")
    tally.record("/home")
    tally.record("/about")

    #expect(tally.visits(to: "/home") == 2)
    #expect(tally.visits(to: "/about") == 1)
  }

  @Test("A page nobody visited has 0 visits")
  func unvisitedPage() {
    let tally = VisitTally()
    tally.record("/home")

    #expect(tally.visits(to: "/pricing") == 0)
  }

  @Test("Loses no visit when 1,000 tasks record at once")
  func concurrentVisits() async {
    let tally = VisitTally()
    let expected = 1_000

    // The tally is Sendable, so every child task may capture it.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<expected {
        group.addTask { tally.record("/home") }
      }
    }

    #expect(tally.visits(to: "/home") == expected)
  }

  @Test("A snapshot holds every page's count and keeps it after later visits")
  func snapshotIsAValue() {
    let tally = VisitTally()
    tally.record("/home")
    tally.record("/about")
    tally.record("/home")

    let snapshot = tally.snapshot()
    tally.record("/home")
    tally.record("/pricing")

    #expect(snapshot == ["/home": 2, "/about": 1])
    #expect(tally.visits(to: "/home") == 3)
  }
}
