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
  // TODO: Add @Test functions that count every handler with
  // `confirmation(_:expectedCount:)`: an exact number where the doc comment
  // promises one, a range where it leaves the number open, and 0 for what
  // must never happen. Script the store's answers with ScriptedStore
  // (Tests/ScriptedStore.swift), and await importNotes inside the
  // confirmations.
}
