/// What the notes store answers when it is offered a note.
public enum StoreAnswer: Equatable, Sendable {
  /// The store kept the note.
  case accepted
  /// The store is busy; the same note may be accepted if it is offered again.
  case busy
  /// The store will never keep this note.
  case refused
}

/// Moves notes from another app into the notes store, and tells you what
/// happened to each one through three handlers.
///
/// `importNotes(_:onImported:onRetry:deleteOriginal:)` offers the notes to
/// the store one at a time, in order:
///
/// - When the store accepts a note, it calls `onImported` with its title,
///   once, and then `deleteOriginal` with its title, once: the note is safe,
///   so its original in the other app can go.
/// - When the store is busy, it offers the same note again, and calls
///   `onRetry` with its title before each new offer. It offers a busy note
///   again at least once and at most three times; how many is its own
///   choice. If the store is still busy then, it gives up on that note and
///   goes on with the next.
/// - When the store refuses a note, it goes on with the next at once,
///   without offering that note again.
///
/// It never calls `deleteOriginal` for a note the store did not accept:
/// that would lose the note.
///
/// Every handler call happens on the task that called `importNotes`, before
/// `importNotes` returns.
public struct NoteImporter: Sendable {
  /// Offers one note to the store and returns its answer.
  private let store: @Sendable (String) async -> StoreAnswer

  /// Makes an importer that offers each note to `store`.
  public init(store: @escaping @Sendable (String) async -> StoreAnswer) {
    self.store = store
  }

  /// Imports the notes with these titles, in order, reporting what happens
  /// to each through the three handlers, and returns when every note is
  /// done.
  public func importNotes(
    _ titles: [String],
    onImported: (String) -> Void,
    onRetry: (String) -> Void,
    deleteOriginal: (String) -> Void
  ) async {
    for title in titles {
      var answer = await store(title)
      var retries = 0
      while answer == .busy && retries <= 3 {
        retries += 1
        onRetry(title)
        answer = await store(title)
      }
      if answer == .accepted {
        onImported(title)
        deleteOriginal(title)
      }
    }
  }
}
