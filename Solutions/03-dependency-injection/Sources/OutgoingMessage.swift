import Foundation

/// A message the user wrote, waiting in the outbox until the server confirms it.
public struct OutgoingMessage: Equatable, Identifiable, Sendable {
  /// A unique ID the server uses to confirm the message.
  public var id: UUID
  /// What the user wrote.
  public var text: String
  /// When the user sent it.
  public var createdAt: Date

  /// Creates a message.
  public init(id: UUID, text: String, createdAt: Date) {
    self.id = id
    self.text = text
    self.createdAt = createdAt
  }
}
