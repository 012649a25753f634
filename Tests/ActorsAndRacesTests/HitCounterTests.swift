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

  // A read of `hits` outside the lock loses nothing you can count: it only
  // races with the writes. This test makes those reads happen while other
  // threads record, so ThreadSanitizer, which the grader runs, reports them.
  @Test("The count can be read while other threads record")
  func countIsReadWhileOthersRecord() {
    let counter = HitCounter()
    let expected = 4 * 10_000
    let misreads = HitCounter()  // one hit here for every count out of range

    onThreads(4, times: 10_000) {
      counter.record()
      let seen = counter.count  // read while the other threads record
      if !(1...expected).contains(seen) { misreads.record() }
    }

    #expect(misreads.count == 0, "a count read mid-way was below 1 or above \(expected)")
    #expect(counter.count == expected)
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
