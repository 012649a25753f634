import Testing
@testable import SendingSendable

// You test `Mailroom` (Sources/Mailroom.swift), an actor that sorts letters
// into one pigeonhole per recipient and sends a notice for each arrival and
// each collection. Every call to it is awaited; make each letter right where
// you post it. To test what happens while a call waits for its notice, make
// that notice wait at a `Gate` (Sources/Gate.swift): no sleeps.

@Suite("Mailroom")
struct MailroomTests {
  // This test passes, and it proves little: one letter cannot be in the
  // wrong order, and nobody collects it. Keep it or replace it.
  @Test("A posted letter waits for its recipient")
  func postedLetterWaits() async {
    let room = Mailroom()

    await room.receive(Letter(body: "Dear Sam"), for: "sam")

    #expect(await room.waiting(for: "sam") == 1)
  }

  // TODO: Add tests that pin down every promise in Mailroom's doc comments:
  // how many letters wait, the order they are collected in, what is left
  // after collecting, that recipients keep their letters apart, and what
  // happens while an arrival's or a collection's notice is on its way.
}
