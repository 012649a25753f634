import Foundation

/// What the compose screen shows under its text field, worked out from the
/// draft alone.
///
/// These rules used to be computed properties of the screen's `@MainActor`
/// view model, beside the code that sends, so a test of them had to build the
/// model with a fake client and run on the main actor. Pulled out into a
/// struct of plain values, they need neither: make one from a draft and read
/// its properties.
public struct DraftCounter: Equatable, Sendable {
  /// The most characters a message may have.
  public static let limit = 160
  /// How many characters left, or fewer, make the counter warn.
  public static let warningFrom = 20

  /// How the counter under the field looks.
  public enum Style: Equatable, Sendable {
    /// More than `warningFrom` characters left.
    case normal
    /// `warningFrom` characters left or fewer, down to none.
    case warning
    /// More characters than `limit`.
    case over
  }

  /// The draft as typed.
  public var draft: String

  /// Makes the counter for `draft`.
  public init(draft: String) {
    self.draft = draft
  }

  /// The text the server would receive: the draft without the spaces, tabs
  /// and newlines at either end.
  public var message: String {
    draft.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// How many more characters fit: `limit` minus the characters of `message`,
  /// below 0 once it is over the limit. Characters are counted as a reader
  /// counts them: an emoji is one, however many code points make it up.
  public var remaining: Int {
    Self.limit - message.count
  }

  /// `.normal` while more than `warningFrom` characters are left, `.warning`
  /// from `warningFrom` left down to 0, and `.over` below 0.
  public var style: Style {
    if remaining < 0 { return .over }
    return remaining <= Self.warningFrom ? .warning : .normal
  }

  /// Whether Send is enabled: `message` is not empty and fits the limit.
  public var canSend: Bool {
    !message.isEmpty && remaining > 0
  }

  /// The words under the field. They are the counter's to choose; it promises
  /// they hold `remaining` as a number while it is 0 or more, and the number
  /// of characters too many once it is below 0. A message of exactly `limit`
  /// characters, which Send takes, gets the words of every other count left
  /// ("0 left" beside "12 left"), never those of a message over the limit.
  public var label: String {
    remaining >= 0 ? "\(remaining) left" : "\(-remaining) too many"
  }
}
