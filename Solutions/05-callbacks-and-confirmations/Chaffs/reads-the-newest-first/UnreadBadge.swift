import Synchronization

/// The number on the Notes tab's badge: how many shared notes are unread.
///
/// A view keeps the badge up to date by reading `counts()`, as a Combine view
/// model hands a view the publisher of its `@Published var unread`: each
/// stream starts with the count at the moment you call `counts()`, then gives
/// the count after each change, in order, for as long as you read it. A call
/// that leaves the count as it was may give that count again, or not. Every
/// call of `counts()` makes a stream of its own, and every stream gets every
/// change made after it was made. A stream never finishes by itself: stop
/// reading when you have what you need.
public final class UnreadBadge: Sendable {
  /// The count, and the streams that are told each change, by number.
  private struct State {
    var count: Int
    var streams: [Int: AsyncStream<Int>.Continuation] = [:]
    var nextStream = 0
    /// Each stream's counts its reader has not read yet, by stream number.
    var unread: [Int: [Int]] = [:]
    /// The reader of a stream waiting for its next count, by stream number.
    var readers: [Int: CheckedContinuation<Int, Never>] = [:]
  }

  /// Everything the badge holds; a `Mutex` because any task may call it.
  private let state: Mutex<State>

  /// Makes a badge that starts at `unread`, 0 or more.
  public init(unread: Int = 0) {
    state = Mutex(State(count: unread))
  }

  /// How many notes are unread now.
  public var count: Int {
    state.withLock { $0.count }
  }

  /// Counts `notes` newly shared notes as unread; 0 or fewer changes nothing.
  public func received(_ notes: Int) {
    change { $0 += max(notes, 0) }
  }

  /// Counts one note as read: one fewer, never fewer than 0.
  public func readOne() {
    change { $0 = max($0 - 1, 0) }
  }

  /// Counts every note as read: 0.
  public func readAll() {
    change { $0 = 0 }
  }

  /// A stream of the count: the count now, then the count after each change,
  /// in order. It never finishes by itself.
  public func counts() -> AsyncStream<Int> {
    let number = state.withLock { state in
      defer { state.nextStream += 1 }
      state.unread[state.nextStream] = [state.count]
      return state.nextStream
    }
    // Each read takes the count the reader has not read yet, or waits for the next.
    return AsyncStream(unfolding: { [self] in
      await withCheckedContinuation { reader in
        let next: Int? = state.withLock { state in
          if let count = state.unread[number]?.popLast() { return count }
          state.readers[number] = reader
          return nil
        }
        if let next { reader.resume(returning: next) }
      }
    })
  }

  /// Applies `update` to the count, and tells every stream the new count if it changed.
  private func change(_ update: (inout Int) -> Void) {
    let (waiting, now): ([CheckedContinuation<Int, Never>], Int) = state.withLock { state in
      let before = state.count
      update(&state.count)
      guard state.count != before else { return ([], state.count) }
      var waiting: [CheckedContinuation<Int, Never>] = []
      for number in state.unread.keys {
        if let reader = state.readers.removeValue(forKey: number) {
          waiting.append(reader)
        } else {
          state.unread[number]?.append(state.count)
        }
      }
      return (waiting, state.count)
    }
    for reader in waiting { reader.resume(returning: now) }
  }
}
