import Synchronization
import Testing

@testable import GradeKit

/// Lines of lessons checked side by side come out in the lessons' order.
@Suite("Progress of work side by side, in the work's order")
struct OrderedProgressTests {
  @Test("A later part's lines wait for every part before it; the first part's go straight out")
  func order() {
    let written = Mutex<[String]>([])
    let write: @Sendable (String) -> Void = { line in written.withLock { $0.append(line) } }
    let progress = OrderedProgress()
    let first = progress.part(0, writingTo: write)
    let second = progress.part(1, writingTo: write)
    let third = progress.part(2, writingTo: write)

    second("1a")
    third("2a")
    first("0a")
    #expect(written.withLock { $0 } == ["0a"])

    progress.finish(2)
    #expect(written.withLock { $0 } == ["0a"])
    progress.finish(0)
    #expect(written.withLock { $0 } == ["0a", "1a"])
    second("1b")
    #expect(written.withLock { $0 } == ["0a", "1a", "1b"])
    progress.finish(1)
    #expect(written.withLock { $0 } == ["0a", "1a", "1b", "2a"])
  }

  @Test("Each line goes where its part said, in turn")
  func writers() {
    let written = Mutex<[String]>([])
    let progress = OrderedProgress()
    let checker = progress.part(1, writingTo: { line in written.withLock { $0.append("check: " + line) } })
    let grader = progress.part(1, writingTo: { line in written.withLock { $0.append("grade: " + line) } })
    checker("one")
    grader("two")
    #expect(written.withLock { $0 }.isEmpty)
    progress.finish(0)
    #expect(written.withLock { $0 } == ["check: one", "grade: two"])
  }
}
