import Testing
@testable import CallbackTesting

// You are testing NoteImporter (Sources/NoteImporter.swift): it reports
// through three handlers, and calls every one of them before importNotes
// returns. What matters is how many times each is called: once, a number
// within a range, or never. Your tests are graded against copies that each
// hide one bug, and against correct copies that use the freedom its doc
// comment leaves.

@Suite("NoteImporter")
struct NoteImporterTests {
  // Each test awaits importNotes inside the confirmations: every handler
  // call has happened by the time the innermost closure returns, which is
  // when each confirmation checks its count.

  @Test("Each accepted note is imported once, its original deleted once, and never offered again")
  func importsEachAcceptedNote() async {
    let importer = NoteImporter(store: ScriptedStore().answer)
    let input = ["Milk", "Rent", "Plans"]

    await importer.importNotes(
      input,
      onImported: { _ in },
      onRetry: { _ in },
      deleteOriginal: { _ in })
  }

  // Exactly once each: a note that took a second offer is still one note.
  @Test("A note the store is busy for once is offered again once, then imported once")
  func busyOnceIsOfferedAgainOnce() async {
    let importer = NoteImporter(store: ScriptedStore(["Milk": [.busy, .accepted]]).answer)

    await importer.importNotes(
      ["Milk"],
      onImported: { _ in },
      onRetry: { _ in },
      deleteOriginal: { _ in })
  }

  // The doc comment promises one to three more offers and leaves the number
  // to the importer, so the test accepts the whole range; and the note must
  // never be deleted, since the store never took it.
  @Test("A note the store stays busy for is offered again 1 to 3 times, then given up, its original kept")
  func alwaysBusyIsGivenUp() async {
    let importer = NoteImporter(store: ScriptedStore(["Milk": [.busy]]).answer)

    await importer.importNotes(
      ["Milk"],
      onImported: { _ in },
      onRetry: { _ in },
      deleteOriginal: { _ in })
  }

  @Test("A refused note is never offered again, never imported, and its original kept")
  func refusedNoteIsLeftAlone() async {
    let importer = NoteImporter(store: ScriptedStore(["Spam": [.refused]]).answer)

    await importer.importNotes(
      ["Spam"],
      onImported: { _ in },
      onRetry: { _ in },
      deleteOriginal: { _ in })
  }

  @Test("A refused note does not stop the notes after it")
  func refusalDoesNotStopTheImport() async {
    let importer = NoteImporter(store: ScriptedStore(["Spam": [.refused]]).answer)
    let input = ["Milk", "Spam", "Plans"]

    await importer.importNotes(
      input,
      onImported: { _ in },
      onRetry: { _ in },
      deleteOriginal: { _ in })
  }
}
