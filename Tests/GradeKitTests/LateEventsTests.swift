import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeFeedback
@testable import GradeJudge
@testable import GradeKit
@testable import GradeResults
@testable import GradeRun
import Testing

/// The late-events run: the solution with its events held back until every test waits for
/// something (`LateEvents.c`), where a test that waits for time fails however it waits.
@Suite("Events delivered late", .serialized)
struct LateEventsTests {
  let lab = CallbackLab.shared

  /// A test named `name` that starts a sync of one note, waits with `wait`, then checks the progress callback came.
  static func waitingTest(_ name: String, _ wait: String) -> String {
    // A blocking wait is unavailable in an async function: those tests are synchronous.
    """

      @Test func \(name)() \(wait.contains("await") ? "async throws" : "") {
        let log = Mutex<[Int]>([])
        NoteSynchronizer(upload: { _ in nil }).sync(["a"], onProgress: { count in log.withLock { $0.append(count) } }, onComplete: { _ in })
        \(wait)
        #expect(log.withLock { $0 } == [1])
      }

    """
  }

  /// Every way of waiting for time this suite knows, by test name, each waiting `milliseconds`.
  static func waits(milliseconds: Int) -> [String: String] {
    [
      "taskSleep": "try await Task.sleep(for: .milliseconds(\(milliseconds)))",
      "threadSleep": "Thread.sleep(forTimeInterval: \(Double(milliseconds) / 1000))",
      "semaphore": "_ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(\(milliseconds)))",
      "group": "let group = DispatchGroup(); group.enter(); _ = group.wait(timeout: .now() + .milliseconds(\(milliseconds)))",
      "spin": "let start = ContinuousClock.now; while ContinuousClock.now - start < .milliseconds(\(milliseconds)) {}",
      "condition": "let condition = NSCondition(); condition.lock(); _ = condition.wait(until: Date() + \(Double(milliseconds) / 1000)); condition.unlock()",
    ]
  }

  /// Each way of waiting long enough for a callback that comes at once, on a loaded machine.
  static let waits = waits(milliseconds: 300)

  /// A test that spins while a main-actor model loads, then reads what it shows: the main
  /// actor's jobs are held too.
  static let mainActorTest = """

      @Test func spinsWhileTheMainActorLoads() async {
        let model = await MainActor.run { ArticleModel(feed: ArticleFeed(fetch: { "News" })) }
        Task { await model.load() }
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .milliseconds(300) {}
        let state = await MainActor.run { model.state }
        #expect(state == .loaded("News"))
      }

    """

  /// A test that waits for the event itself: the completion handler resumes a continuation.
  static let awaitingTest = """

      @Test func awaitsTheEvent() async {
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Int, SyncError>, Never>) in
          NoteSynchronizer(upload: { _ in nil }).sync(["a"], onProgress: { _ in }, onComplete: { done.resume(returning: $0) })
        }
        #expect(result == .success(1))
      }

    """

  /// A test file of the reference's imports and one suite holding `tests`, one at a time, so
  /// that a blocked test leaves the other cooperative threads to the code under test.
  static func suite(_ tests: String) -> String {
    "import Foundation\nimport Synchronization\nimport Testing\n@testable import CallbackTesting\n\n@Suite(.serialized) struct WaitingTests {\n"
      + tests + "}\n"
  }

  @Test("Each way of waiting for time fails the late-events run; a test that awaits the event passes it")
  func everyWaitFails() throws {
    let tests = Self.waits.sorted { $0.key < $1.key }.map { Self.waitingTest($0.key, $0.value) }.joined() + Self.mainActorTest + Self.awaitingTest
    let folder = try lab.learner("late-events-direct", tests: Self.suite(tests))
    let (workspace, built) = try lab.builtTask2(folder, workspace: "late-events-direct")
    let wheat = try #require(built.program(for: .solution(of: 2)))
    let library = try #require(built.testsLibrary(.task(2)))

    func fates(_ job: JobResult) -> [String: JobResult.Fate] {
      Dictionary(uniqueKeysWithValues: job.tests.map { (String($0.name.prefix { $0 != "(" }), job.fate(of: $0)) })
    }

    // On time, with no wait named, every wait is long enough for a callback that comes at once.
    let onTime = fates(workspace.runTests(wheat, libraries: [library], seconds: 30))
    let late = fates(workspace.runTests(wheat, libraries: [library], seconds: 30, waitsForEvents: true, lateEvents: true))

    for name in Self.waits.keys.sorted() + ["spinsWhileTheMainActorLoads"] {
      #expect(onTime[name] == .passed, "\(name) on time: \(onTime[name].map { "\($0)" } ?? "no result")")
      #expect(late[name] == .failed, "\(name) late: \(late[name].map { "\($0)" } ?? "no result")")
    }
    #expect(onTime["awaitsTheEvent"] == .passed)
    #expect(late["awaitsTheEvent"] == .passed)
  }

  @Test("A learner whose test waits with a semaphore fails the task, with words that say it waited for time; the reference passes")
  func gradedForReal() throws {
    let reference = try lab.referenceTests
    let honest = lab.grade(try lab.learner("late-events-honest", tests: reference))
    #expect(honest.task(2).status == .pass, "\(honest.words(2))")
    #expect(honest.task(2).checks.contains { $0.kind == .waitsForEvents })

    let waiting = reference.replacing("import Synchronization", with: "import Foundation\nimport Synchronization")
      .replacing(/\n@Suite\("NoteSynchronizer"\)\nstruct NoteSynchronizerTests \{\n/, with: { match in
        String(match.output) + Self.waitingTest("waitsWithASemaphore", Self.waits["semaphore"]!)
      })
    let guessing = lab.grade(try lab.learner("late-events-semaphore", tests: waiting))
    #expect(guessing.task(2).status == .fail)
    #expect(guessing.words(2).contains("waitsWithASemaphore() fails when the correct code's events come late"), "\(guessing.words(2))")
    #expect(guessing.words(2).contains("it waits for time, not for the event"))
  }

  @Test(
    "Each way of waiting for time fails the task where the box has no namespaces, in a class and on Gradescope, with words that say it waited",
    arguments: [GradingMode.plain, .classGrading, .autograde])
  func everyWaitFailsInEveryMode(mode: GradingMode) throws {
    // The reference tests, which pass alone, and a suite of the four ways of waiting for time
    // that the sleep check does not name: each alone fails the task (gradedForReal grades one
    // in a learner's own grade). The suite is serialized, as a learner's would be, so that a
    // blocked test leaves a cooperative thread to the code under test when events come on time.
    //
    // Only the late-events run decides what is asserted here, and it fails a wait of any length.
    // The waits are short so that the solution's repeated runs, ten runs of four waits each,
    // end well within their time limit instead of idling until it runs out.
    let waits = Self.waits(milliseconds: 50)
    let names = waits.keys.filter { !$0.hasSuffix("Sleep") }.sorted()
    #expect(names.count == 4)
    let waiting = try lab.referenceTests.replacing("import Synchronization", with: "import Foundation\nimport Synchronization")
      + "\n@Suite(.serialized) struct WaitingTests {\n" + names.map { Self.waitingTest($0, waits[$0]!) }.joined() + "}\n"
    let folder = try lab.learner("late-events-\(mode.rawValue)", tests: waiting)
    let graded = try mode.grade(folder, as: lab.lesson, with: lab.grader, name: "late-events", scratch: lab.root.appending(path: "modes"))
    #expect(!graded.passed(2))
    // Gradescope's output names as many failing tests as the terminal does, and counts the rest.
    let named = names.filter { graded.words(2).contains("\($0)() fails when the correct code's events come late") }
    #expect(named.count == (mode == .autograde ? FeedbackRenderer.failuresShownByDefault : names.count), "\(mode): \(graded.words(2))")
    #expect(graded.words(2).contains("it waits for time, not for the event"))
    #expect(graded.passed(1), "\(mode): \(graded.words(1))")
  }
}
