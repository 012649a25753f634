import Testing
@testable import ActorsAndRaces

/// Grades task 1: `HitCounter` counts every hit recorded from many threads
/// at once, and `takeCount()` reads and resets in one step.
///
/// The grader also runs these tests in a ThreadSanitizer build and fails the
/// task on any data race it reports, so a lucky run does not pass.
@Suite("HitCounter")
struct HitCounterTests {
  @Test("A new counter has counted nothing")
  func startsAtZero() {
    let counter = HitCounter()

    #expect(counter.count == 0)
  }

  @Test("Hits recorded from 4 threads at once are all counted")
  func countsEveryHitFromManyThreads() {
    let counter = HitCounter()
    let expected = 4 * 10_000

    onThreads(4, times: 10_000) { counter.record() }

    #expect(counter.count == expected, "\(expected - counter.count) hits were lost")
  }

  @Test("takeCount() returns the hits so far and starts again from zero")
  func takeCountReturnsAndResets() {
    let counter = HitCounter()
    for _ in 1...3 { counter.record() }

    #expect(counter.takeCount() == 3)
    #expect(counter.count == 0)
    counter.record()
    #expect(counter.count == 1)
  }

  @Test("No hit is lost while other threads take the count")
  func takeCountLosesNothingUnderLoad() {
    let counter = HitCounter()
    let taken = HitCounter()  // one hit here for every hit takeCount() handed out
    let expected = 3 * 5_000

    onThreads(3, times: 5_000) {
      counter.record()
      for _ in 0..<counter.takeCount() { taken.record() }
    }

    #expect(taken.count + counter.count == expected)
  }
}
