// This is PhotoUploader's old XCTest suite (Sources/PhotoUploader.swift). Its
// tests wait for callbacks with XCTestExpectation. The uploader calls back
// later, from a queue of its own, so each moved test must still wait for the
// callbacks it checks. Your tests are graded against copies of PhotoUploader
// with the bugs this suite catches, and against one that calls back later still.
import Testing
@testable import SuiteTraits

// Each wait(for:) became an await of the completion handler through a
// continuation, because a confirmation does not wait; each expectation that
// counted callbacks became a confirmation around that await, so the count is
// checked once the upload has finished, as enforceOrder did. The inverted
// expectation is a confirmation expected 0 times, which costs no timeout.
@Suite("Photo uploader")
struct UploaderTests {
  let photos = [
    Photo(name: "Beach.jpg", year: 2021),
    Photo(name: "Scan of grandma.jpg", year: 1962),
    Photo(name: "Snow.jpg", year: 2023),
    Photo(name: "Scan of the old house.jpg", year: 1975),
  ]
  /// A service that refuses old scans: it accepts photos taken from 2000 on.
  let uploader = PhotoUploader { $0.year >= 2000 }

  /// Uploads `photos` and waits for the completion handler; returns the names it reported refused.
  func upload(_ photos: [Photo], progress: @escaping @Sendable (Int) -> Void = { _ in }) async -> [String] {
    await withCheckedContinuation { continuation in
      uploader.upload(photos, progress: progress) { refused in
        continuation.resume(returning: refused)
      }
    }
  }

  @Test("Refused photos are named in the order they were given")
  func refusedPhotosAreNamedInOrder() async {
    let refused = await upload(photos)
    #expect(refused == ["Scan of grandma.jpg", "Scan of the old house.jpg"])
  }

  @Test("Progress is reported once for every accepted photo, before the upload finishes")
  func progressIsReportedForEveryAcceptedPhotoBeforeTheEnd() async {
    await confirmation("progress", expectedCount: 2) { progressed in
      _ = await upload(photos, progress: { _ in progressed() })
    }
  }

  @Test("Progress counts up from 1")
  func progressCountsUpFromOne() async {
    await confirmation("progress 1") { first in
      await confirmation("progress 2") { second in
        _ = await upload(photos, progress: { count in
          if count == 1 { first() }
          if count == 2 { second() }
        })
      }
    }
  }

  @Test("An upload with nothing accepted reports no progress")
  func nothingAcceptedReportsNoProgress() async {
    let oldScans = photos.filter { $0.year < 2000 }
    let refused = await confirmation("progress", expectedCount: 0) { progressed in
      await upload(oldScans, progress: { _ in progressed() })
    }
    #expect(refused.count == 2)
  }
}
