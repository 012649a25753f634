import Testing
@testable import SendingSendable

/// Uses `Inbox` (task 1) from many tasks at once. The compiler grades task 1; these tests
/// also run it in a ThreadSanitizer build, so an inbox that races fails even where the
/// compiler is silent (a promise a superclass made, say).
@Suite("Inbox under load")
struct InboxStressTests {
  @Test("Letters delivered from many tasks at once all arrive, each once")
  func manyAtOnce() async {
    let inbox = Inbox()
    let bodies = (1...400).map { "letter \($0)" }

    // deliverAll delivers each letter from a task of its own.
    await deliverAll(bodies, to: inbox)

    #expect(await inbox.count == 400)
    #expect(Set(await inbox.bodies()) == Set(bodies))
  }
}
