import Foundation
import Observation

/// The send-message screen's logic, with no UI framework in sight.
///
/// The view only shows `draft`, `isSending`, `errorMessage` and `canSend`, and
/// calls `send()` when the button is tapped. Everything worth testing is here.
@MainActor
@Observable
public final class SendMessageModel {
  /// What the user has typed so far.
  public var draft = ""
  /// Whether a message is on its way to the server.
  public private(set) var isSending = false
  /// What to tell the user when the last send failed, or `nil`. The words are
  /// the model's to choose: what it promises is whether there is a message.
  public private(set) var errorMessage: String?

  private let client: MessageClient

  /// Creates a model that sends through `client`.
  public init(client: MessageClient) {
    self.client = client
  }

  /// Whether the Send button is enabled: there is something to send and nothing on its way.
  public var canSend: Bool {
    !isSending && !trimmedDraft.isEmpty
  }

  /// Sends the draft without its surrounding whitespace.
  ///
  /// On success the draft is cleared. On failure the draft is kept so the
  /// user can try again, and `errorMessage` says what went wrong.
  public func send() async {
    guard canSend else { return }
    let text = trimmedDraft
    isSending = true
    errorMessage = nil
    defer { isSending = false }
    do {
      try await client.send(text)
      draft = ""
    } catch {
      // A correct copy of its own: the doc comment leaves the words open.
      errorMessage = "Sending failed. Tap Send to try again."
    }
  }

  private var trimmedDraft: String {
    draft.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
