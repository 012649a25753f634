import Testing

@testable import GradeKit

/// `grade check` checks each lesson in two parts, started so that both lanes stay busy.
@Suite("The parts of a lesson's check")
struct CheckPartsTests {
  @Test("Each lesson's variations start one lesson behind its solution, every part once, and the last lesson's last", arguments: [0, 1, 2, 10])
  func startOrder(lessons: Int) throws {
    let order = Checker.startOrder(lessons).map { "\($0.lesson)\($0.part == .solution ? "s" : "v")" }
    #expect(order.count == lessons * Checker.Part.allCases.count)
    #expect(Set(order).count == order.count, "no part twice: \(order)")
    for lesson in 0..<lessons {
      let solution = try #require(order.firstIndex(of: "\(lesson)s"))
      let variations = try #require(order.firstIndex(of: "\(lesson)v"))
      // A later start than its solution's, so the wait for the solution's builds cannot deadlock.
      #expect(solution < variations, "\(order)")
    }
    if lessons == 10 {
      #expect(order.prefix(5) == ["0s", "1s", "0v", "2s", "1v"])
      #expect(order.suffix(2) == ["8v", "9v"])
    }
  }
}
