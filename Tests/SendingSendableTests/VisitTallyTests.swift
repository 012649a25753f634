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

  @Test("Loses no visit when 8 tasks each record 20,000 visits at once")
  func concurrentVisits() async {
    let tally = VisitTally()
    let tasks = 8
    let each = 20_000

    // The tally is Sendable, so every child task may capture it. Many visits per task keep
    // the threads contending, so a read and a write in two separate locks lose a visit in
    // every run, not only now and then.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<each { tally.record("/home") }
        }
      }
    }

    #expect(tally.visits(to: "/home") == tasks * each)
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
