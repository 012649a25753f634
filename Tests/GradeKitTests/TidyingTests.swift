import Foundation
@testable import GradeCatalog
@testable import GradeKit
import Testing

/// A grader tidies its state at most once in a while, not at the start of every grading.
@Suite("Tidying the state")
struct TidyingTests {
  @Test("A state is tidied when it never was, not again within the interval, again after it, and again when the clock went back")
  func tidyingDue() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-tidy-\(UUID().uuidString)")
    try manager.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: root) }
    let state = StateFolder(root: root)
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    let first = Grader.tidyingDue(state, now: start)
    let soon = Grader.tidyingDue(state, now: start + Grader.tidyingInterval - 1)
    let later = Grader.tidyingDue(state, now: start + Grader.tidyingInterval + 1)
    let afterLater = Grader.tidyingDue(state, now: start + Grader.tidyingInterval + 2)
    let clockBack = Grader.tidyingDue(state, now: start)

    #expect([first, soon, later, afterLater, clockBack] == [true, false, true, false, true])
  }
}
