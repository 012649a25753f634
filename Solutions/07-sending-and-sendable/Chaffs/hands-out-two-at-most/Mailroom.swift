/// A notice the mailroom sends a recipient.
public enum Notice: Equatable, Sendable {
  /// A letter for this recipient has arrived.
  case arrived(for: String)
  /// This recipient's letters have been collected.
  case collected(by: String)
}

/// A mailroom that sorts letters into one pigeonhole per recipient, and sends
/// each recipient a notice when a letter arrives and when they collect.
///
/// It is an actor, so any number of tasks can post to it at once and each
/// call waits its turn. A letter is not `Sendable`: posting one sends it into
/// the actor, so once you post a letter, it is the mailroom's.
///
/// Sending a notice takes a while, and while a call waits for it, the actor
/// runs other calls: letters can arrive and be collected in the meantime.
public actor Mailroom {
  /// The letters waiting for each recipient, oldest first.
  private var pigeonholes: [String: [Letter]] = [:]

  /// Sends a recipient a notice; it can take a while.
  private let notify: @Sendable (Notice) async -> Void

  /// Makes an empty mailroom that sends its notices with `notify` (by default, nowhere).
  public init(notify: @escaping @Sendable (Notice) async -> Void = { _ in }) {
    self.notify = notify
  }

  /// Puts `letter` in the pigeonhole of `recipient`, after the letters already
  /// waiting there, then sends the recipient `.arrived(for:)`.
  ///
  /// The letter is in the pigeonhole before the notice goes out: while the
  /// notice is on its way, the letter already counts in `waiting(for:)`, and a
  /// recipient who collects at once gets it.
  public func receive(_ letter: Letter, for recipient: String) async {
    pigeonholes[recipient, default: []].append(letter)
    await notify(.arrived(for: recipient))
  }

  /// How many letters wait for `recipient`: 0 when none do.
  public func waiting(for recipient: String) -> Int {
    pigeonholes[recipient]?.count ?? 0
  }

  /// The bodies of every letter waiting for `recipient`, oldest first; then
  /// sends the recipient `.collected(by:)`.
  ///
  /// Afterwards that pigeonhole is empty; other recipients' letters stay
  /// where they are. The letters are taken out before the notice goes out: a
  /// letter that arrives while the notice is on its way is not handed out,
  /// and not lost either; it waits for the next collection.
  public func collect(for recipient: String) async -> [String] {
    let letters = pigeonholes.removeValue(forKey: recipient) ?? []
    await notify(.collected(by: recipient))
    return letters.prefix(2).map { $0.body }
  }
}
