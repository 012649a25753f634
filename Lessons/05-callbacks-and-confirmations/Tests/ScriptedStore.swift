import Synchronization
@testable import CallbackTesting

// A notes store for your tests of `NoteImporter`, which answers from a
// script you write. You don't change this file; use it from
// `NoteImporterTests.swift`.

/// A notes store that answers each title from a script.
///
/// `ScriptedStore(["Milk": [.busy, .accepted]])` answers the first offer of
/// "Milk" with `.busy`, and the second and every later one with
/// `.accepted`: the last answer of a script repeats. A title with no script
/// is accepted every time. Pass its `answer` to the importer:
///
///     let store = ScriptedStore(["Spam": [.refused]])
///     let importer = NoteImporter(store: store.answer)
final class ScriptedStore: Sendable {
  /// The answers still to give, per title.
  private let scripts: Mutex<[String: [StoreAnswer]]>

  /// Makes a store that answers each title in `scripts` from its script.
  init(_ scripts: [String: [StoreAnswer]] = [:]) {
    self.scripts = Mutex(scripts)
  }

  /// Answers an offer of the note `title` with the next answer of its
  /// script, or `.accepted` when it has none.
  func answer(_ title: String) async -> StoreAnswer {
    scripts.withLock { scripts in
      guard let script = scripts[title], let next = script.first else { return .accepted }
      if script.count > 1 { scripts[title] = Array(script.dropFirst()) }
      return next
    }
  }
}
