import Testing
@testable import DependencyInjection

// The send-message screen's logic lives in `SendMessageModel`, a plain
// `@Observable` class you can test without any UI. Write tests that pin down
// how it behaves: what can be sent, what the screen shows while a message is on
// its way, and what it shows when sending fails. The fakes are in `FakeChatServers.swift`.

@MainActor
@Suite("Task 4: the send-message model")
struct SendMessageModelTests {
  @Test("Sending clears the draft")
  func sendingClearsTheDraft() async {
    let server = InstantServer()
    let model = SendMessageModel(client: server.client)
    model.draft = "See you at six"

    await model.send()

    #expect(server.received == ["See you at six"])
    #expect(model.draft == "")
  }

  // TODO: Add tests for a blank draft, for the text the server receives when
  // the draft has spaces around it, for what the model shows while a message
  // is on its way (use `HeldServer`), for a failed send, and for sending again
  // after a failure.
}
