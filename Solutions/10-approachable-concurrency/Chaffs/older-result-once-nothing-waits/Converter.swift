/// Where exchange rates come from: a server in the app, a fake in your tests.
///
/// The protocol says `nonisolated`, so it belongs to no actor even in this
/// module, where every other declaration is `@MainActor` unless it says
/// otherwise. Its `rate(for:)` is a nonisolated `async` function, so with
/// `NonisolatedNonsendingByDefault` on it runs on its caller's actor.
nonisolated public protocol RateSource: Sendable {
  /// How many units of `currency` one euro buys; throws when the rate is unavailable.
  func rate(for currency: String) async throws -> Double
}

/// Converts an amount in euros into the currency the user picked: the model
/// behind a converter screen.
///
/// Like every type in this module, it is `@MainActor` without saying so.
public final class Converter {
  /// The converted amount: the latest conversion's, or `nil` when none has
  /// finished or the latest one failed.
  public private(set) var result: Double?
  /// Whether a conversion is waiting for its rate.
  public private(set) var isConverting = false

  /// Where the rates come from.
  private let source: any RateSource
  /// How many conversions have started, so one that finishes late can tell
  /// that a newer one has started since.
  private var started = 0

  /// Makes a converter that asks `source` for its rates.
  public init(source: any RateSource) {
    self.source = source
  }

  /// Converts `euros` into `currency` and shows the result.
  ///
  /// - While it waits for the rate, `isConverting` is `true`; `result` may
  ///   still show the previous conversion's, or be `nil`: the screen shows a
  ///   spinner over it either way.
  /// - Then `result` is `euros` times the rate, and `isConverting` is `false`.
  /// - When the rate source throws, `result` becomes `nil` and
  ///   `isConverting` `false`.
  /// - It asks the rate source on the caller's actor, the main actor, with
  ///   no hop off it: a rate source may read main-actor state, such as the
  ///   signed-in user, as it likes.
  /// - The newest conversion wins: when you start one while an older one
  ///   still waits for its rate, the older one changes nothing when it
  ///   finishes, whether it got its rate or failed, and whether the newer
  ///   one has finished or still waits: not `result`, not `isConverting`.
  public func convert(_ euros: Double, to currency: String) async {
    started += 1
    let mine = started
    isConverting = true
    do {
      let rate = try await source.rate(for: currency)
      // Other main-actor work ran during the await: only the newest conversion may show its result.
      guard mine == started || !isConverting else { return }
      result = euros * rate
    } catch {
      guard mine == started else { return }
      result = nil
    }
    isConverting = false
  }
}
