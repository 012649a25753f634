import Foundation

// The outbox holds messages until the server confirms them. It calls `UUID()`
// and `Date()` itself, so a test can never say which ID or time a message
// should get. `OutboxEnvironment` below, a struct of closures, is ready: make
// the outbox ask it instead. The app passes `.live`; a test passes closures it controls.

/// What an outbox reads from the world: the current time and fresh IDs.
public struct OutboxEnvironment: Sendable {
  /// Returns the current time.
  public var now: @Sendable () -> Date
  /// Returns a new, unique ID.
  public var makeID: @Sendable () -> UUID

  /// Creates an environment from the two closures.
  public init(now: @escaping @Sendable () -> Date, makeID: @escaping @Sendable () -> UUID) {
    self.now = now
    self.makeID = makeID
  }

  /// The real clock and real random IDs, for the app.
  public static let live = OutboxEnvironment(now: { Date() }, makeID: { UUID() })
}

/// Messages written but not yet confirmed by the server.
public struct Outbox: Sendable {
  /// The messages waiting for the server, oldest first.
  public private(set) var pending: [OutgoingMessage] = []

  /// Creates an empty outbox that reads the time and IDs from `environment`.
  // TODO: Keep the `environment` you are given in a stored property.
  public init(environment: OutboxEnvironment = .live) {}

  /// Adds a message for `text`, stamped with a new ID and the current time.
  @discardableResult
  public mutating func enqueue(_ text: String) -> OutgoingMessage {
    // TODO: Ask the environment for the ID and the time instead of calling `UUID()` and `Date()`.
    let message = OutgoingMessage(id: UUID(), text: text, createdAt: Date())
    pending.append(message)
    return message
  }

  /// The messages that have waited longer than `limit`, which the screen marks "Not delivered".
  public func overdue(after limit: TimeInterval) -> [OutgoingMessage] {
    // TODO: Ask the environment what time it is.
    let now = Date()
    return pending.filter { now.timeIntervalSince($0.createdAt) > limit }
  }
}
