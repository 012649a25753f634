/// What the send-message screen needs from the chat server, as a struct of closures.
///
/// One closure is all the screen uses, so a test builds a fake in one line:
/// `MessageClient { text in ... }`.
public struct MessageClient: Sendable {
  /// Sends `text` to the chat, or throws when the server refuses it.
  public var send: @Sendable (_ text: String) async throws -> Void

  /// Creates a client from the closure that sends a message.
  public init(send: @escaping @Sendable (_ text: String) async throws -> Void) {
    self.send = send
  }
}
