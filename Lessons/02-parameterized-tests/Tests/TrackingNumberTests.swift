import Testing
@testable import ParameterizedTesting

// The shop has one tracking desk, `TrackingDesk.shared`, in
// Lessons/02-parameterized-tests/Sources/TrackingDesk.swift, and one count of
// parcels a day. Every test that hands out numbers shares that count, and tests
// run in parallel. Your tests pass on that code, every one of many runs; the
// grader then runs them against copies with one plausible bug each.
//
// TODO: The test below passes when you run it, yet its cases share the desk,
// and so will every test you add. Make the suite safe for that, then add tests
// for the count that runs across zones, for a new day, and for the four
// digits of a number (TrackingDesk.fourDigits(_:)) up to 9,999.
@Suite("Tracking numbers")
struct TrackingNumberTests {
  @Test("The day's first parcel to each zone is number 1", arguments: [
    (Zone.domestic, "DOM-0001"),
    (.europe, "EU-0001"),
    (.world, "WLD-0001"),
  ])
  func firstParcel(zone: Zone, expected: String) async {
    await TrackingDesk.shared.startDay()
    let number = await TrackingDesk.shared.next(for: zone)
    #expect(number == expected)
  }
}
