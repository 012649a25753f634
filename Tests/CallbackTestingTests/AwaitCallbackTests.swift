import Testing
@testable import CallbackTesting

/// Grades task 1: `awaitCallback(timeout:clock:isolation:_:)` returns the
/// handler's first value, from any task, times out instead of hanging, and
/// runs `start` on the caller's actor before anything else runs there.
@Suite("awaitCallback")
struct AwaitCallbackTests {
  @Test("Returns the value a handler passes later, from another task")
  func returnsValueFromLaterHandler() async throws {
    let expected = 21

    let value = try await awaitCallback(timeout: .seconds(60)) { done in
      Task { done(expected) }
    }

    #expect(value == expected)
  }

  @Test("Returns the value of a handler called before start returns")
  func returnsValueFromImmediateHandler() async throws {
    let expected = "at once"

    let value = try await awaitCallback(timeout: .seconds(60)) { done in
      done(expected)
    }

    #expect(value == expected)
  }

  @Test("A handler that is never called ends in CallbackTimeout, not a hang")
  func neverCalledHandlerTimesOut() async {
    let input = Duration.seconds(5)

    // ImmediateClock ends every sleep at once: the timeout happens without
    // five real seconds passing.
    await #expect(throws: CallbackTimeout(timeout: input)) {
      let _: Int = try await awaitCallback(timeout: input, clock: ImmediateClock()) { _ in }
    }
  }

  @Test("A handler called twice returns the first value and does not crash")
  func secondCallIsIgnored() async throws {
    let expected = 1

    let value = try await awaitCallback(timeout: .seconds(60)) { done in
      done(expected)
      done(2)
    }

    #expect(value == expected)
  }

  @Test("A handler called twice from two tasks at once returns one of the values")
  func racingCallsResumeOnce() async throws {
    for _ in 1...50 {
      let value = try await awaitCallback(timeout: .seconds(60)) { done in
        Task { done(1) }
        Task { done(2) }
      }
      #expect([1, 2].contains(value))
    }
  }

  @Test("start runs on the caller's actor")
  @MainActor
  func startRunsOnCallersActor() async throws {
    let expected = "on the main actor"

    let value = try await awaitCallback(timeout: .seconds(60)) { done in
      // Stops the test process when start runs anywhere but the main actor.
      MainActor.assertIsolated("awaitCallback ran start off the caller's actor")
      done(expected)
    }

    #expect(value == expected)
  }

  @Test("start runs on the caller's actor before it first suspends: main-actor work queued earlier has not run yet")
  @MainActor
  func startRunsBeforeQueuedWork() async throws {
    let log = MainActorLog()
    // Queued on the main actor now, it runs at the test's first suspension.
    Task { log.entries.append("queued work") }

    let seenByStart = try await awaitCallback(timeout: .seconds(60)) { done in
      done(log.entries)
    }

    // A helper that suspends before calling start (a Task.yield(), a sleep,
    // a hop to another executor and back) lets the queued work run first.
    // Then a test that sets up observation in start misses the change it
    // waits for.
    #expect(
      seenByStart.isEmpty,
      "awaitCallback suspended before running start, so other main-actor work overtook it"
    )
  }

  @Test("A handler that answers in time wins, however long the timeout")
  func handlerBeatsLongTimeout() async throws {
    let clock = ContinuousClock()
    let start = clock.now

    let value = try await awaitCallback(timeout: .seconds(600)) { done in
      Task { done(true) }
    }

    #expect(value)
    #expect(start.duration(to: clock.now) < .seconds(5), "awaitCallback waited for the timer")
  }
}

/// What ran on the main actor, in order.
@MainActor
private final class MainActorLog {
  var entries: [String] = []
}
