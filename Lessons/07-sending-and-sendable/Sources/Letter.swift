/// A letter whose body you can still edit after you write it.
///
/// `Letter` is a class with a mutable property, so it is not `Sendable`: two
/// tasks holding the same letter could edit its body at the same time. You
/// hand a letter over with `sending` instead, and then leave it alone.
public final class Letter {
  /// What the letter says.
  public var body: String

  /// Makes a letter that says `body`.
  public init(body: String) {
    self.body = body
  }
}
