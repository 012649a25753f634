import Testing
@testable import DependencyInjection

// The send-message screen's logic lives in `SendMessageModel`, a plain
// `@Observable` class you can test without any UI. Your tests pin down how it
// behaves: what can be sent, what the screen shows while a message is on its
// way, and what it shows when sending fails. The fakes are in `FakeChatServers.swift`.

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

  @Test("Sending trims the spaces and newlines around the draft")
  func sendingTrimsTheDraft() async {
    let server = InstantServer()
    let model = SendMessageModel(client: server.client)
    let input = "  See you at six \n"
    let expected = "See you at six"
    model.draft = input

    await model.send()

    #expect(server.received == [expected])
  }

  // A blank draft is the case a button check most easily gets wrong, so this
  // test tries several kinds of blank.
  @Test("A blank draft can't be sent", arguments: ["", " ", "  \n\t "])
  func blankDraft(input: String) async {
    let server = InstantServer()
    let model = SendMessageModel(client: server.client)
    model.draft = input

    #expect(!model.canSend)
    await model.send()
    #expect(server.received.isEmpty)
  }

  // A gate holds the message at the server, so the test sees the model mid-send.
  @Test("While a message is on its way, the model shows sending and disables Send")
  func whileSending() async {
    let server = InstantServer()
    let model = SendMessageModel(client: server.client)
    model.draft = "On my way"

    await model.send()
    #expect(!model.isSending)
  }

  @Test("A failed send shows an error, keeps the draft and enables Send again")
  func failedSend() async {
    let server = InstantServer(failing: true)
    let model = SendMessageModel(client: server.client)
    model.draft = "On my way"

    await model.send()

    #expect(model.errorMessage != nil)
    #expect(model.draft == "On my way")
    #expect(!model.isSending)
    #expect(model.canSend)
  }

  @Test("Sending again clears the previous error")
  func retryClearsTheError() async {
    let server = InstantServer(failing: true)
    let model = SendMessageModel(client: server.client)
    model.draft = "On my way"
    await model.send()
    #expect(model.errorMessage != nil)

    server.setFailing(false)
    await model.send()

    #expect(model.errorMessage == nil)
    #expect(server.received == ["On my way", "On my way"])
  }
}
