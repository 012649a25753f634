import Testing
@testable import SendingSendable

// You test `Mailroom` (Sources/Mailroom.swift), an actor that sorts letters
// into one pigeonhole per recipient. Every call to it is awaited; letters go
// in with `sending`, so make each letter right where you post it.

@Suite("Mailroom")
struct MailroomTests {
  @Test("A posted letter waits for its recipient")
  func postedLetterWaits() async {
    let room = Mailroom()

    await room.receive(Letter(body: "Dear Sam"), for: "sam")

    #expect(await room.waiting(for: "sam") == 1)
  }

  @Test("Counts every letter posted from 100 tasks at once")
  func countsConcurrentLetters() async {
    let room = Mailroom()
    let expected = 100

    await withTaskGroup(of: Void.self) { group in
      for number in 0..<expected {
        // Each child makes its own letter, so sending it is safe.
        group.addTask { await room.receive(Letter(body: "Letter \(number)"), for: "sam") }
      }
    }

    #expect(await room.waiting(for: "sam") == expected)
    #expect(await room.waiting(for: "ana") == 0)
  }

  @Test("Hands letters out oldest first and keeps none of them")
  func collectsOldestFirst() async {
    let room = Mailroom()
    await room.receive(Letter(body: "first"), for: "sam")
    await room.receive(Letter(body: "second"), for: "sam")
    await room.receive(Letter(body: "third"), for: "sam")

    let collected = await room.collect(for: "sam")

    #expect(collected == ["first", "second", "third"])
    #expect(await room.waiting(for: "sam") == 0)
    #expect(await room.collect(for: "sam") == [])
  }

  @Test("Keeps each recipient's letters apart")
  func recipientsStayApart() async {
    let room = Mailroom()
    await room.receive(Letter(body: "For Sam"), for: "sam")
    await room.receive(Letter(body: "For Ana, 1"), for: "ana")
    await room.receive(Letter(body: "For Ana, 2"), for: "ana")

    #expect(await room.waiting(for: "ana") == 2)
    #expect(await room.collect(for: "sam") == ["For Sam"])
    #expect(await room.waiting(for: "ana") == 2)
    #expect(await room.collect(for: "ana") == ["For Ana, 1", "For Ana, 2"])
  }
}
