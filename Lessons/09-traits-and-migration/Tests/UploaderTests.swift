// This is PhotoUploader's old XCTest suite (Sources/PhotoUploader.swift). Its
// tests wait for callbacks with XCTestExpectation. The uploader calls back
// later, from a queue of its own, so each moved test must still wait for the
// callbacks it checks. Your tests are graded against copies of PhotoUploader
// with the bugs this suite catches, and against one that calls back later still.
import Testing
import XCTest
@testable import SuiteTraits

// TODO: Move each test below into this suite, with the same checks. An
// expectation a test waits for becomes something your test awaits; a count of
// callbacks becomes a confirmation that lasts until the upload has finished.
// When the class is empty, delete it and `import XCTest`.
@Suite("Photo uploader")
struct UploaderTests {
}

final class UploaderXCTests: XCTestCase {
  let photos = [
    Photo(name: "Beach.jpg", year: 2021),
    Photo(name: "Scan of grandma.jpg", year: 1962),
    Photo(name: "Snow.jpg", year: 2023),
    Photo(name: "Scan of the old house.jpg", year: 1975),
  ]
  /// A service that refuses old scans: it accepts photos taken from 2000 on.
  let uploader = PhotoUploader { $0.year >= 2000 }

  func testRefusedPhotosAreNamedInOrder() {
    let done = expectation(description: "upload finished")
    uploader.upload(photos, progress: { _ in }) { refused in
      XCTAssertEqual(refused, ["Scan of grandma.jpg", "Scan of the old house.jpg"])
      done.fulfill()
    }
    wait(for: [done], timeout: 5)
  }

  func testProgressIsReportedForEveryAcceptedPhotoBeforeTheEnd() {
    let progressed = expectation(description: "progress")
    progressed.expectedFulfillmentCount = 2
    let done = expectation(description: "upload finished")
    uploader.upload(photos, progress: { _ in progressed.fulfill() }) { _ in done.fulfill() }
    wait(for: [progressed, done], timeout: 5, enforceOrder: true)
  }

  func testProgressCountsUpFromOne() async {
    let first = expectation(description: "progress 1")
    let second = expectation(description: "progress 2")
    uploader.upload(photos, progress: { count in
      if count == 1 { first.fulfill() }
      if count == 2 { second.fulfill() }
    }) { _ in }
    await fulfillment(of: [first, second], timeout: 5, enforceOrder: true)
  }

  func testNothingAcceptedReportsNoProgress() {
    let oldScans = photos.filter { $0.year < 2000 }
    let progressed = expectation(description: "progress")
    progressed.isInverted = true
    let done = expectation(description: "upload finished")
    uploader.upload(oldScans, progress: { _ in progressed.fulfill() }) { refused in
      XCTAssertEqual(refused.count, 2)
      done.fulfill()
    }
    wait(for: [progressed, done], timeout: 1)
  }
}
