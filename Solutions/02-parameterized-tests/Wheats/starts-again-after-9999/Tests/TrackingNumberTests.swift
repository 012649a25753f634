import Testing
@testable import ParameterizedTesting

// The shop has one tracking desk, `TrackingDesk.shared`, in
// Lessons/02-parameterized-tests/Sources/TrackingDesk.swift, and one count of
// parcels a day. Every test that hands out numbers shares that count, and tests
// run in parallel. Your tests pass on that code, every one of many runs; the
// grader then runs them against copies with one plausible bug each.
//
// Every test here uses the one desk, so the whole suite runs one test, and one
// case, at a time: `.serialized` on a parameterized test alone would still let
// another test of the suite start a day in the middle of its cases.
@Suite("Tracking numbers", .serialized)
struct TrackingNumberTests {
  @Test("The day's first parcel to each zone is number 1", arguments: [
    (Zone.domestic, "DOM-0001"),
    (.europe, "EU-0001"),
    (.world, "WLD-0001"),
  ])
  func firstParcel(zone: Zone, expected: String) async {
    // Each case starts its own day, so it relies on nothing an earlier case, or
    // yesterday, left on the desk.
    await TrackingDesk.shared.startDay()
    let number = await TrackingDesk.shared.next(for: zone)
    #expect(number == expected)
  }

  @Test("Parcels to every zone take the next number of one count")
  func oneCountForEveryZone() async {
    let desk = TrackingDesk.shared
    await desk.startDay()
    let expected = ["EU-0001", "DOM-0002", "EU-0003", "WLD-0004"]
    let numbers = [
      await desk.next(for: .europe),
      await desk.next(for: .domestic),
      await desk.next(for: .europe),
      await desk.next(for: .world),
    ]
    #expect(numbers == expected)
  }

  @Test("A new day starts the count again at 1")
  func newDayStartsAgain() async {
    let desk = TrackingDesk.shared
    await desk.startDay()
    _ = await desk.next(for: .domestic)
    _ = await desk.next(for: .domestic)
    await desk.startDay()
    let number = await desk.next(for: .domestic)
    #expect(number == "DOM-0001")
  }

  // Over-specified: no day reaches 10,000 parcels, and the desk's documentation
  // does not promise what comes after number 9,999.
  @Test("The 10,000th parcel gets five digits")
  func tenThousandthParcel() async {
    let desk = TrackingDesk.shared
    await desk.startDay()
    for _ in 1...9_999 { _ = await desk.next(for: .domestic) }
    let number = await desk.next(for: .domestic)
    #expect(number == "DOM-10000")
  }
}
