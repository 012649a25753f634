/// What the Notes tab's badge shows for a count of unread notes, worked out
/// from the count alone.
///
/// `UnreadBadge` says when the count changes; this says what a count looks
/// like. It is a value, with no stream, no actor and no `await`, so its rules
/// are tested at the base of the test pyramid: make one from a count and read
/// it, for as many counts as the rules have edges.
public struct BadgeLabel: Equatable, Sendable {
  /// The largest count the badge spells out; above it, it shows `"99+"`.
  public static let maximum = 99

  /// How many notes are unread, 0 or more.
  public var count: Int

  /// Makes the label for `count` unread notes, 0 or more.
  public init(count: Int) {
    self.count = count
  }

  /// The text on the badge: `nil` at 0, when the tab shows no badge; the
  /// count from 1 to `maximum`; and `"99+"` above `maximum`.
  public var text: String? {
    if count <= 0 { return nil }
    return count >= Self.maximum ? "\(Self.maximum)+" : "\(count)"
  }

  /// What VoiceOver reads for the badge: `"No unread notes"` at 0,
  /// `"1 unread note"`, `"2 unread notes"` and so on up to `maximum`, and
  /// `"More than 99 unread notes"` above it.
  public var spoken: String {
    switch count {
    case ...0: "No unread notes"
    case 1: "1 unread note"
    case ...Self.maximum: "\(count) unread notes"
    default: "More than \(Self.maximum) unread notes"
    }
  }
}
