import Dispatch
import Foundation
import Testing

#if canImport(GradeWire)
  import GradeWire
#endif

/// Real-time waits that began while a test ran, for a task whose tests must wait for events.
///
/// The C side (`WaitShim.c`) reports each sleep libdispatch schedules and each blocking
/// sleep, on any thread, except libdispatch's own back-off when its threads contend. A
/// sleep that ran to its end while a test was running means the test waited for time: an
/// issue is recorded against that test. A sleep cancelled before its end (a timeout that
/// bounded a wait for an event) is not. A blocking sleep on a thread that belongs to no test
/// (a Dispatch worker a test handed its wait to) is put on every test running at the time,
/// however short: one of them waited for it.
final class Sleeps: @unchecked Sendable {
  static let shared = Sleeps()
  let lock = NSLock()
  var enabled = false
  var stream: EventStream?
  /// Whether any test was found waiting for time.
  var reported = false
  var next = 1
  /// The tests running now, by ID, from the records the runner forwards.
  var running: Set<String> = []
  /// Sleeps still to be decided: the task that sleeps (none on a thread outside any task),
  /// the tests it is put on, how long, and when it ends.
  var pending: [Int: (task: UnsafeMutableRawPointer?, tests: [String], milliseconds: Int64, deadline: UInt64)] = [:]
  /// Blocking sleeps on threads outside any test, added up for each test running meanwhile.
  var outside: [String: Int64] = [:]

  typealias IsCancelled = @convention(thin) (UnsafeMutableRawPointer) -> Bool
  typealias Retain = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
  typealias Release = @convention(c) (UnsafeMutableRawPointer) -> Void
  let isCancelled = cFunction("swift_task_isCancelled", as: IsCancelled.self)
  let retain = cFunction("swift_retain", as: Retain.self)
  let release = cFunction("swift_release", as: Release.self)

  /// The tests a sleep starting here is put on: the current test's, or every running test's.
  private func tests() -> [String] {
    if let test = Test.current { return [String(describing: test.id)] }
    return lock.withLock { running.sorted() }
  }

  /// The suites' IDs: they start and end like tests, but wait for nothing themselves.
  var suites: Set<String> = []

  /// Notes a suite, from the record that announces it.
  func noteSuite(_ id: String) {
    lock.withLock { _ = suites.insert(id) }
  }

  /// Notes a test that starts or ends, from its record.
  func note(started: Bool, test: String) {
    lock.withLock {
      guard !suites.contains(test) else { return }
      if started { running.insert(test) } else { running.remove(test) }
    }
  }

  /// Registers a sleep that starts now (on `task`, or on a thread outside any task) and ends
  /// at `deadline`, in nanoseconds of CLOCK_MONOTONIC (`monotonicNow`); 0
  /// when no test is running or nothing is watched.
  func watch(_ task: UnsafeMutableRawPointer?, nanoseconds: Int64, deadline: UInt64) -> Int {
    guard enabled, isCancelled != nil, let retain, release != nil else { return 0 }
    let tests = tests()
    guard !tests.isEmpty else { return 0 }
    if let task { _ = retain(task) }
    return lock.withLock {
      defer { next += 1 }
      pending[next] = (task, tests, nanoseconds / 1_000_000, deadline)
      return next
    }
  }

  /// A sleep that blocks its thread, which always runs to its end.
  func blocked(nanoseconds: Int64) {
    guard enabled else { return }
    if let test = Test.current {
      report(String(describing: test.id), milliseconds: nanoseconds / 1_000_000)
      return
    }
    lock.withLock {
      for test in running { outside[test, default: 0] += nanoseconds }
    }
  }

  /// Decides the sleeps of `test` as it ends (every test's, as the run ends).
  ///
  /// A test waited for time when one of its sleeps ran to its end while it ran and its task
  /// was never cancelled. A timeout that lost its race is not such a wait: whatever it
  /// bounded came first, and it is cancelled, though under load perhaps only after its
  /// deadline. A sleep still running as its test ends was not waited for.
  func settle(test: String?) {
    let now = Self.monotonicNow()
    let (ended, slept) = lock.withLock {
      let ids = pending.filter { test == nil || $0.value.tests.contains(test!) }.map(\.key)
      let slept = outside.filter { test == nil || $0.key == test }
      for id in slept.keys { outside.removeValue(forKey: id) }
      return (ids.compactMap { pending.removeValue(forKey: $0) }, slept)
    }
    for (id, nanoseconds) in slept.sorted(by: { $0.key < $1.key }) {
      report(id, milliseconds: nanoseconds / 1_000_000)
    }
    for entry in ended {
      let cancelled = entry.task.map { task in isCancelled.map { $0(task) } ?? false } ?? false
      if entry.deadline <= now, !cancelled {
        for id in entry.tests where test == nil || id == test { report(id, milliseconds: entry.milliseconds) }
      }
      if let task = entry.task { release?(task) }
    }
  }

  /// Now, in nanoseconds of CLOCK_MONOTONIC: the clock `WaitShim.c` gives each deadline on.
  static func monotonicNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  private func report(_ test: String, milliseconds: Int64) {
    let text = SleepIssue.message(milliseconds: milliseconds)
    let record: [String: Any] = [
      "kind": "event", "version": 0,
      "payload": [
        "kind": "issueRecorded", "testID": test, "messages": [["symbol": "fail", "text": text]],
        "issue": ["isKnown": false, "isFailure": true], "_comments": [String](),
      ] as [String: Any],
    ]
    guard let data = try? JSONSerialization.data(withJSONObject: record) else { return }
    lock.withLock { reported = true }
    Array(data).withUnsafeBytes { stream?.inject($0) }
  }
}

@_cdecl("grade_watch_sleep") public func gradeWatchSleep(_ task: UnsafeMutableRawPointer?, _ nanoseconds: Int64, _ deadline: Int64) -> Int {
  Sleeps.shared.watch(task, nanoseconds: nanoseconds, deadline: UInt64(max(0, deadline)))
}
@_cdecl("grade_blocking_sleep") public func gradeBlockingSleep(_ nanoseconds: Int64) { Sleeps.shared.blocked(nanoseconds: nanoseconds) }
