// You are finishing a photo editor that compiles as a new Xcode 26 app does:
// every declaration here is @MainActor unless it says otherwise, and a
// nonisolated async function runs on its caller's actor unless it is
// @concurrent. Two of the darkroom's functions sit on the wrong side of that
// line.
// Task 2 in the README says what done looks like.

/// A photo being edited.
///
/// `nonisolated`, so it belongs to no actor, and a class with `var`s, so it
/// is not `Sendable`: only one piece of code at a time may hold it.
nonisolated public final class Photo {
  /// The pixels, one brightness from 0 to 255 each.
  public var pixels: [UInt8]
  /// The caption shown under the photo.
  public var caption: String

  /// Makes a photo.
  public init(pixels: [UInt8], caption: String = "") {
    self.pixels = pixels
    self.caption = caption
  }
}

/// The editor screen's model, on the main actor like everything here.
public final class Editor {
  /// The photo being edited; the editor keeps it.
  public private(set) var photo: Photo
  /// A one-line summary of the photo, for the screen's title bar.
  public private(set) var summary = ""

  /// Makes an editor for `photo`.
  public init(photo: Photo) {
    self.photo = photo
  }

  /// Updates `summary` from the photo being edited.
  public func summarize() async {
    summary = await Darkroom.describe(photo)
  }
}

/// The darkroom's tools, which the editor and the export screen call.
///
/// An `enum` with no cases is a namespace. Like everything here it is
/// `@MainActor` unless a member says otherwise.
public enum Darkroom {
  /// A one-line summary of `photo`: quick, and it only reads the photo.
  ///
  /// Its callers keep their photo, so it must run where its caller runs.
  // TODO: Make describe(_:) run on its caller's actor, whichever it is,
  // instead of always leaving it, so the editor can pass its own photo
  // without giving it up, and so can PrintShop.swift, which is an actor.
  @concurrent public static func describe(_ photo: Photo) async -> String {
    "\(photo.pixels.count) pixels, captioned \"\(photo.caption)\""
  }

  /// The photo's negative: slow on a real photo, so it must never hold up
  /// the main actor, whoever calls it.
  // TODO: Make render(_:) always run off the main actor. A photo the main
  // actor keeps may then no longer be passed to it, so
  // Misuses/RenderKeptPhoto.swift must stop compiling.
  public static func render(_ photo: Photo) async -> [UInt8] {
    photo.pixels.map { 255 - $0 }
  }
}
