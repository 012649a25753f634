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

  @Test("Calls that each keep a quarter of a core busy run eight at once within a budget of two cores, up to the cap")
  func cheapCallsRunTogether() {
    let arrived = Mutex(0)
    let everyoneIn = DispatchSemaphore(value: 0)
    let sawEveryone = Mutex(0)
    SideBySide.run(costs: Array(repeating: 0.25, count: 8), budget: 2, cap: 8) { _ in
      let count = arrived.withLock { value -> Int in
        value += 1
        return value
      }
      if count == 8 {
        for _ in 0..<8 { everyoneIn.signal() }
      }
      // A gate: with fewer than eight admitted it never opens, and the bounded wait fails the test.
      if everyoneIn.wait(timeout: .now() + 20) == .success {
        sawEveryone.withLock { $0 += 1 }
      }
    }
    #expect(sawEveryone.withLock { $0 } == 8)
  }

  @Test(
    "A third call waits until one of the first two ends, when the budget or the cap holds two",
    arguments: [(costs: [1.0, 1, 1], budget: 2.0, cap: 8), (costs: [0.1, 0.1, 0.1], budget: 8.0, cap: 2)])
  func thirdCallWaitsForRoom(costs: [Double], budget: Double, cap: Int) {
    let log = Mutex([String]())
    let arrived = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    // A thread of its own: the run blocks until its calls end, and the test ends them.
    Thread {
      SideBySide.run(costs: costs, budget: budget, cap: cap) { index in
        log.withLock { $0.append("start \(index)") }
        if index < 2 {
          arrived.signal()
          _ = release.wait(timeout: .now() + 20)
        }
        log.withLock { $0.append("end \(index)") }
      }
      done.signal()
    }.start()
    // Gates, not sleeps: the first two calls hold until both have started, then end.
    _ = arrived.wait(timeout: .now() + 20)
    _ = arrived.wait(timeout: .now() + 20)
    release.signal()
    release.signal()
    #expect(done.wait(timeout: .now() + 20) == .success)
    let events = log.withLock { $0 }
    let firstEnd = events.firstIndex { $0.hasPrefix("end") }
    let third = events.firstIndex(of: "start 2")
    #expect(firstEnd != nil && third != nil && third! > firstEnd!, "\(events)")
  }

  @Test("A call whose cost is over the whole budget still runs, alone")
  func overBudgetRunsAlone() {
    let seen = Mutex([Int]())
    SideBySide.run(costs: [1, 5, 1], budget: 2, cap: 8) { index in seen.withLock { $0.append(index) } }
    #expect(seen.withLock { $0 }.sorted() == [0, 1, 2])
    SideBySide.run(costs: [], budget: 2, cap: 8) { _ in Issue.record("no call was asked for") }
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
    ].mapValues { JobDurations.Took(seconds: $0, cpuSeconds: 0.1) }
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
    ran.cpuSeconds = 0.4
    durations.store([.implement(task: 1): ran, .variant(.solution(of: 2)): ran])
    ran.seconds = 0.25
    ran.cpuSeconds = 0.02
    durations.store([.implement(task: 1): ran, .variant(.solution(of: 2)): JobResult()])
    let kept = durations.load()
    #expect(kept == ["implement-1": .init(seconds: 0.25, cpuSeconds: 0.02), "task-2-solution": .init(seconds: 0.5, cpuSeconds: 0.4)])
    #expect(kept["implement-1"]?.busy(floor: 0.05) == 0.08, "a job that mostly waited kept 8 % of a core busy")
    #expect(kept["implement-1"]?.busy(floor: 0.25) == 0.25)
    #expect(JobDurations.Took(seconds: 1, cpuSeconds: 1.9).busy(floor: 0.05) == 1, "two threads busy count as one core")
    #expect(JobDurations.Took(seconds: 0, cpuSeconds: 0).busy(floor: 0.05) == 1, "unknown counts as busy")
  }
}
