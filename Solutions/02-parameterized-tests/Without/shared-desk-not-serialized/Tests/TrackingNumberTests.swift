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
@Suite("Tracking numbers")
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

  // `fourDigits(_:)` is internal, reached through `@testable import`: the
  // digits of a number up to 9,999 need no desk and no day of parcels.
  @Test("A number has four digits, with zeros in front", arguments: [
    (7, "0007"),
    (999, "0999"),
    (1_000, "1000"),
    (9_999, "9999"),
  ])
  func fourDigits(number: Int, expected: String) {
    #expect(TrackingDesk.fourDigits(number) == expected)
  }
}
