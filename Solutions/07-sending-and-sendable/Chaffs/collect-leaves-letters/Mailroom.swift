/// A mailroom that sorts letters into one pigeonhole per recipient.
///
/// It is an actor, so any number of tasks can post to it at once and each
/// call waits its turn. Letters come in with `sending`: once you post a
/// letter, it is the mailroom's.
public actor Mailroom {
  /// The letters waiting for each recipient, oldest first.
  private var pigeonholes: [String: [Letter]] = [:]

  /// Makes an empty mailroom.
  public init() {}

  /// Puts `letter` in the pigeonhole of `recipient`, after the letters already waiting there.
  public func receive(_ letter: sending Letter, for recipient: String) {
    pigeonholes[recipient, default: []].append(letter)
  }

  /// How many letters wait for `recipient`: 0 when none do.
  public func waiting(for recipient: String) -> Int {
    pigeonholes[recipient]?.count ?? 0
  }

  /// The bodies of every letter waiting for `recipient`, oldest first.
  ///
  /// Afterwards that pigeonhole is empty; other recipients' letters stay
  /// where they are.
  public func collect(for recipient: String) -> [String] {
    let letters = pigeonholes[recipient] ?? []
    return letters.map(\.body)
  }
}
