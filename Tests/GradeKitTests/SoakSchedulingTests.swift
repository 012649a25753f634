import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeKit
@testable import GradeRun
import GradeTestSupport
import Testing

/// How a soak (`grade check`'s many runs of a variant) splits a variant's runs into jobs.
@Suite("Soak scheduling")
struct SoakSchedulingTests {
  @Test("A soak splits a variant's runs into batches of about the chunk's time that add up to every run")
  func soakSplitsSlowVariants() {
    let soak = Grader.Soak(
      variant: .solution(of: 2), program: URL(fileURLWithPath: "/variants/a/tests"), tests: URL(fileURLWithPath: "/tests/b/libT.so"),
      flavour: .plain, waitsForEvents: false, seconds: 30, problem: "not built")

    let slow = soak.batches(of: 49, oneRunTook: 2.0, chunkSeconds: 8.0)
    #expect(slow.count == 13)
    #expect(slow.map(\.runs).reduce(0, +) == 49)
    #expect(slow.allSatisfy { (3...4).contains($0.runs) })

    let fast = soak.batches(of: 49, oneRunTook: 0.05, chunkSeconds: 8.0)
    #expect(fast.map(\.runs) == [49])

    let slowerThanAChunk = soak.batches(of: 5, oneRunTook: 20.0, chunkSeconds: 8.0)
    #expect(slowerThanAChunk.map(\.runs) == [1, 1, 1, 1, 1])

    #expect(soak.batches(of: 0, oneRunTook: 1.0, chunkSeconds: 8.0).isEmpty)
  }

  @Test("Each batch of a soak is a job of its own, its runs repeated in one process under their limits together")
  func soakPartsAreJobs() throws {
    var soak = Grader.Soak(
      variant: .solution(of: 2), program: URL(fileURLWithPath: "/variants/a/tests"), tests: URL(fileURLWithPath: "/tests/b/libT.so"),
      flavour: .threadSanitizer, waitsForEvents: true, seconds: 30, problem: "not built")
    let jobs = soak.batches(of: 49, oneRunTook: 2.0, chunkSeconds: 8.0).compactMap(\.job)
    #expect(jobs.count == 13)
    #expect(Set(jobs.map(\.id)).count == 13)
    #expect(!jobs.contains { $0.id == .repeated(.solution(of: 2), share: 0) }, "share 0 is the probe's")
    let first = try #require(jobs.first)
    #expect(first.seconds == 30 * first.repetitions && first.waitsForEvents && first.flavour == .threadSanitizer)
    soak.program = nil
    #expect(soak.batches(of: 49, oneRunTook: 2.0, chunkSeconds: 8.0).allSatisfy { $0.job == nil })
    #expect(soak.read(nil, runs: 3).problem == "not built")
  }

  @Test("A bug's other runs run the tests that caught it in its first; a correct version's, or a bug nothing caught, run every test")
  func bugsRunTheirKillers() throws {
    func soak(_ variant: VariantID) -> Grader.Soak {
      Grader.Soak(
        variant: variant, program: URL(fileURLWithPath: "/variants/a/tests"), tests: URL(fileURLWithPath: "/tests/b/libT.so"),
        flavour: .plain, waitsForEvents: false, seconds: 30, problem: "not built")
    }
    var caught = outcome("catches()", status: .failed, issues: [IssueReport(message: "Expectation failed")])
    caught.failedRuns = 1
    let first = JobResult(tests: [outcome("misses()"), caught])
    let chaff = soak(VariantID(task: 2, role: .chaff(Chaff(name: "off-by-one", misconception: "counts from one"))))

    let filters = chaff.filters(after: first)
    #expect(filters == [Workspace.exactFilter(forID: caught.id)])
    let batches = chaff.batches(of: 49, oneRunTook: 2.0, chunkSeconds: 8.0, filters: filters)
    #expect(try #require(batches.first?.job).filters == filters)
    #expect(soak(.solution(of: 2)).filters(after: first).isEmpty, "a correct version runs every test in every run")
    #expect(chaff.filters(after: JobResult(tests: [outcome("misses()")])).isEmpty, "nothing caught it: every test runs")
    #expect(chaff.filters(after: nil).isEmpty)
  }

  @Test("Runs of some tests in which none caught the bug are doubted and made again with every test; runs of every test are read as they are")
  func missedRunsAreMadeAgainWhole() throws {
    let chaff = Grader.Soak(
      variant: VariantID(task: 2, role: .chaff(Chaff(name: "off-by-one", misconception: "counts from one"))),
      program: URL(fileURLWithPath: "/variants/a/tests"), tests: URL(fileURLWithPath: "/tests/b/libT.so"),
      flavour: .plain, waitsForEvents: false, seconds: 30, problem: "not built")
    var killer = outcome("catches()", status: .failed, issues: [IssueReport(message: "Expectation failed")])
    killer.runs = 3
    killer.failedRuns = 2
    killer.failedIterations = [0, 2]
    let missedOnce = JobResult(tests: [killer])
    killer.failedRuns = 3
    killer.failedIterations = [0, 1, 2]
    let caughtEveryRun = JobResult(tests: [killer])
    let some = try #require(chaff.batches(of: 3, oneRunTook: 0.1, chunkSeconds: 8.0, filters: ["^catches$"]).first)
    let every = try #require(chaff.batches(of: 3, oneRunTook: 0.1, chunkSeconds: 8.0).first)

    #expect(some.doubted(missedOnce))
    #expect(!some.doubted(caughtEveryRun))
    #expect(!every.doubted(missedOnce), "a miss of every test is a miss: the soak reports it")
    #expect(chaff.read(missedOnce, runs: 3).wrong == 1)
  }

  @Test("A grading's kept run stands for a soak's first run with the time the grading took; without a time it is probed again")
  func gradedRunsCarryTheirTime() {
    let chaff = VariantID.solution(of: 3)
    let wheat = VariantID.solution(of: 4)
    let kept: [JobID: JobResult] = [.variant(chaff): JobResult(ending: .timedOut), .variant(wheat): JobResult()]
    // The job cache keeps no seconds: counted as instant, a two-second run put 49 runs in one process.
    #expect(kept.values.allSatisfy { $0.seconds == 0 })

    let timed = Grader.timed(kept, seconds: [JobID.variant(chaff).description: .init(seconds: 2.06, cpuSeconds: 0.1)])
    #expect(timed[chaff]?.seconds == 2.06 && timed[chaff]?.cpuSeconds == 0.1)
    #expect(timed[chaff]?.ending == .timedOut, "the kept run itself, with its time")
    #expect(timed[wheat] == nil, "a run whose time is unknown is probed again")
    #expect(Grader.timed(kept, seconds: [JobID.variant(wheat).description: .init(seconds: 0, cpuSeconds: 0)]).isEmpty)
  }
}
