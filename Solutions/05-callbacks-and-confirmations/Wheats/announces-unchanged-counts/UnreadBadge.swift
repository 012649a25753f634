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
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let number = state.withLock { state in
      defer { state.nextStream += 1 }
      continuation.yield(state.count)
      state.streams[state.nextStream] = continuation
      return state.nextStream
    }
    // A reader that stops reading ends its stream; the badge forgets it then.
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.streams.removeValue(forKey: number) }
    }
    return stream
  }

  /// Applies `update` to the count, and tells every stream the new count if it changed.
  private func change(_ update: (inout Int) -> Void) {
    state.withLock { state in
      update(&state.count)
      for continuation in state.streams.values { continuation.yield(state.count) }
    }
  }
}
