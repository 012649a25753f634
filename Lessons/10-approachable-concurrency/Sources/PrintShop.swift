/// The print shop: an actor of its own, off the main actor, that keeps the
/// photo it prints and labels it with `Darkroom.describe(_:)`.
///
/// It hands `describe(_:)` the photo it keeps, which only a `describe(_:)`
/// that runs on its caller's actor can take: one that runs on the main actor,
/// or always off its caller's actor, would take the photo away from this one,
/// and this file would not compile in Swift 6 mode.
public actor PrintShop {
  /// The photo to print; the print shop keeps it.
  private let photo: Photo

  /// Makes a print shop for `photo`, which the caller gives up.
  public init(photo: sending Photo) {
    self.photo = photo
  }

  /// The label printed under the photo.
  public func label() async -> String {
    await Darkroom.describe(photo)
  }
}
