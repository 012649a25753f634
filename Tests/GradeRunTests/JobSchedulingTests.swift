import Foundation
@testable import GradeBuild
import GradeCatalog
@testable import GradeProcesses
@testable import GradeRun
import Synchronization
import Testing

/// How jobs share the machine: how many run at once, and which starts first.
@Suite("Job scheduling")
struct JobSchedulingTests {
  @Test("concurrently runs `width` blocked calls at once, more than there are cores")
  func runsEveryBlockedCallAtOnce() {
    let width = 4 * ProcessInfo.processInfo.activeProcessorCount + 1
    let arrived = Mutex(0)
    let everyoneIn = DispatchSemaphore(value: 0)
    let sawEveryone = Mutex(0)
    SideBySide.run(width, width: width) { _ in
      let count = arrived.withLock { value -> Int in
        value += 1
        return value
      }
      if count == width {
        for _ in 0..<width { everyoneIn.signal() }
      }
      // A gate, not a sleep: each call waits until every call has started. With fewer threads
      // than calls the gate never opens, and the bounded wait fails the test instead of hanging it.
      if everyoneIn.wait(timeout: .now() + 20) == .success {
        sawEveryone.withLock { $0 += 1 }
      }
    }
    #expect(sawEveryone.withLock { $0 } == width)
  }

  @Test("concurrently calls the body once for each index, with fewer threads than indices")
  func callsEachIndexOnce() {
    let seen = Mutex([Int]())
    SideBySide.run(50, width: 3) { index in seen.withLock { $0.append(index) } }
    #expect(seen.withLock { $0 }.sorted() == Array(0..<50))
  }

  @Test("A grading starts the jobs that took longest last time first; jobs of about the same length in a random order")
  func longestFirst() {
    func job(_ name: String) -> JobList.Job {
      JobList.Job(
        id: .variant(VariantID(task: 2, role: .chaff(Chaff(name: name, misconception: name)))),
        flavour: .plain, program: URL(fileURLWithPath: "/p"), libraries: [], seconds: 10, cacheKey: CacheKey())
    }
    let names = ["never-calls", "quick-1", "quick-2", "quick-3", "quick-4", "new"]
    let expected = [
      "task-2-chaff-never-calls": 0.62, "task-2-chaff-quick-1": 0.15, "task-2-chaff-quick-2": 0.17,
      "task-2-chaff-quick-3": 0.11, "task-2-chaff-quick-4": 0.33,
    ]
    var orders: Set<[String]> = []
    for _ in 0..<200 {
      let order = JobDurations.longestFirst(names.map(job), expected: expected).map(\.id.description)
      #expect(order.prefix(2) == ["task-2-chaff-never-calls", "task-2-chaff-quick-4"])
      #expect(order.last == "task-2-chaff-new", "a job with no time yet comes last")
      orders.insert(Array(order[2..<5]))
    }
    // quick-1, quick-2 and quick-3 all took a tenth of a second and something: any order of them.
    #expect(orders.count == 6, "\(orders)")
  }

  @Test("The durations kept are the last run's, and a result the cache answered leaves the last time as it was")
  func durationsKept() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "grade-durations-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let durations = JobDurations(file: folder.appending(path: "job-seconds.json"))
    #expect(durations.load().isEmpty)
    var ran = JobResult()
    ran.seconds = 0.5
    durations.store([.implement(task: 1): ran, .variant(.solution(of: 2)): ran])
    ran.seconds = 0.25
    durations.store([.implement(task: 1): ran, .variant(.solution(of: 2)): JobResult()])
    #expect(durations.load() == ["implement-1": 0.25, "task-2-solution": 0.5])
  }
}
