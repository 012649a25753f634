import Testing
@testable import SendingSendable

// You test `Mailroom` (Sources/Mailroom.swift), an actor that sorts letters
// into one pigeonhole per recipient and sends a notice for each arrival and
// each collection. Every call to it is awaited; make each letter right where
// you post it. To test what happens while a call waits for its notice, make
// that notice wait at a `Gate` (Sources/Gate.swift): no sleeps.

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

  // While a call waits for its notice, the actor runs other calls. A gate
  // holds that one notice, so the test knows the call is suspended mid-way
  // and acts then, with plain awaits; every other notice goes at once.

  @Test("A letter that arrives while a collection's notice is on its way waits for the next collection")
  func letterArrivingDuringACollectionWaits() async {
    let gate = Gate()
    let room = Mailroom { notice in
      if notice == .collected(by: "sam") { await gate.wait() }
    }
    await room.receive(Letter(body: "first"), for: "sam")

    let collecting = Task { await room.collect(for: "sam") }
    await gate.arrivals(1)  // the collection's notice is on its way
    await room.receive(Letter(body: "second"), for: "sam")
    gate.open()

    #expect(await collecting.value == ["first"])
    #expect(await room.collect(for: "sam") == ["second"])
  }
}
