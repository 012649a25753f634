import Synchronization

/// Progress lines of work done side by side, written in the order of the work, not as they come.
///
/// The first unfinished part writes its lines as they come, so a long check still shows it is
/// alive; a later part's lines wait until every part before it is done, and then all come at once.
/// Two lessons checked side by side thus print exactly what two checked in turn would.
final class OrderedProgress: Sendable {
  private struct State {
    /// The first part not yet done: its lines go straight out.
    var current = 0
    /// Lines of later parts, each with where it goes, waiting their turn, by part.
    var waiting: [Int: [(line: String, write: @Sendable (String) -> Void)]] = [:]
    /// The parts that are done.
    var done: Set<Int> = []
  }

  private let state = Mutex(State())

  /// Progress with nothing written yet, part 0 first.
  init() {}

  /// The progress closure of part `index` that writes through `write` when the part's turn comes.
  func part(_ index: Int, writingTo write: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
    { line in
      // Written under the lock, so that no line of a later part overtakes one of an earlier.
      self.state.withLock { state in
        if index == state.current { write(line) } else { state.waiting[index, default: []].append((line, write)) }
      }
    }
  }

  /// Marks part `index` done, and writes the lines of the parts after it whose turn has come.
  func finish(_ index: Int) {
    state.withLock { state in
      state.done.insert(index)
      while state.done.contains(state.current) {
        state.current += 1
        for waiting in state.waiting.removeValue(forKey: state.current) ?? [] { waiting.write(waiting.line) }
      }
    }
  }
}
