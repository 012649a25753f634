import Foundation

// The outbox holds messages until the server confirms them. It used to call
// `UUID()` and `Date()` itself, so a test could never say which ID or time a
// message should get. You made it ask an `OutboxEnvironment`, a struct of
// closures, instead: the app passes `.live`, a test passes closures it controls.

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

  // The outbox keeps the environment it is given; everything it reads from
  // the world goes through it.
  private let environment: OutboxEnvironment

  /// Creates an empty outbox that reads the time and IDs from `environment`.
  // `.live` as the default keeps `Outbox()` in the app working unchanged.
  public init(environment: OutboxEnvironment = .live) {
    self.environment = environment
  }

  /// Adds a message for `text`, stamped with a new ID and the current time.
  @discardableResult
  public mutating func enqueue(_ text: String) -> OutgoingMessage {
    // The ID and the time come from the environment, so a test can predict both.
    let message = OutgoingMessage(id: environment.makeID(), text: text, createdAt: environment.now())
    pending.append(message)
    return message
  }

  /// The messages that have waited longer than `limit`, which the screen marks "Not delivered".
  public func overdue(after limit: TimeInterval) -> [OutgoingMessage] {
    // "Now" comes from the environment too, so a test can move time forward.
    let now = environment.now()
    return pending.filter { now.timeIntervalSince($0.createdAt) > limit }
  }
}
