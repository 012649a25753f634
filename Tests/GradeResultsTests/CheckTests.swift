import GradeResults
import Testing

/// What a check keeps of a run.
@Suite("A check")
struct CheckTests {
  @Test("A check's output is cut to Exercism's 500 characters")
  func outputLimit() {
    let check = Check(.endsCleanly, findings: [.abnormalExit(.exited(3))], output: String(repeating: "a", count: 2_000))
    #expect(check.output?.count == 500)
  }
}
