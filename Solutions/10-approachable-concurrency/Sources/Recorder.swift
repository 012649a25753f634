/// Records the values an async sequence yields, so a test can wait for them,
/// never for long.
///
/// It iterates on the main actor and keeps every value. It starts when the
/// main actor is next free, which in a `@MainActor` test is when the test
/// next awaits, so a change made before that is folded into the first value:
///
/// ```
/// let totals = Recorder(basket.totals())
/// #expect(try await totals.first(1, within: .seconds(1)) == [0])
/// basket.add(Item("Tea", cents: 350))
/// #expect(try await totals.first(2, within: .seconds(1)) == [0, 350])
/// ```
///
/// `first(_:within:)` returns as soon as that many values have come, so a
/// correct sequence costs no waiting; the time limit only bounds a wait for a
/// value that never comes.
public final class Recorder<Element: Sendable> {
  /// Every value so far, oldest first.
  public private(set) var values: [Element] = []

  /// Tests waiting in `first(_:within:)`, each with the count it waits for and its timer.
  private var waiting: [Int: (count: Int, continuation: CheckedContinuation<Void, any Error>, timer: Task<Void, Never>)] = [:]
  /// The number the next waiter gets.
  private var nextWaiter = 0

  /// Starts recording `sequence`.
  public init<Values: AsyncSequence>(_ sequence: sending Values) where Values.Element == Element, Values.Failure == Never {
    // The task keeps only a weak reference, so it ends at the next value once the recorder is gone.
    Task { [weak self] in
      for await value in sequence {
        guard let self else { return }
        self.record(value)
      }
    }
  }

  /// The first `count` values, as soon as that many have come; throws
  /// `RecorderTimeout` if they have not come within `timeout`.
  public func first(_ count: Int, within timeout: Duration) async throws -> [Element] {
    if values.count < count {
      let number = nextWaiter
      nextWaiter += 1
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // The timer is cancelled when the values come, so a correct sequence never waits it out.
        let timer = Task { [weak self] in
          guard (try? await Task.sleep(for: timeout)) != nil else { return }
          guard let self, let waiter = self.waiting.removeValue(forKey: number) else { return }
          waiter.continuation.resume(throwing: RecorderTimeout(count: count, received: self.values.count, timeout: timeout))
        }
        waiting[number] = (count, continuation, timer)
      }
    }
    return Array(values.prefix(count))
  }

  /// Keeps `value` and wakes every waiter whose count it completes.
  private func record(_ value: Element) {
    values.append(value)
    for (number, waiter) in waiting where waiter.count <= values.count {
      waiting[number] = nil
      waiter.timer.cancel()
      waiter.continuation.resume()
    }
  }
}

/// The error `Recorder.first(_:within:)` throws when the values do not come in time.
public struct RecorderTimeout: Error, CustomStringConvertible {
  /// How many values the test waited for.
  public var count: Int
  /// How many had come when the time ran out.
  public var received: Int
  /// How long it waited.
  public var timeout: Duration

  public var description: String {
    "waited \(timeout) for \(count) values, but only \(received) came"
  }
}
