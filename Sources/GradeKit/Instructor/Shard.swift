import GradeCatalog

/// A deterministic slice of a class, so several machines can each grade a part (`--shard i/n`).
public struct Shard: Sendable, Equatable {
  /// This slice, from 1.
  public var index: Int
  /// How many slices there are.
  public var count: Int

  /// Parses `i/n`, such as `2/4`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/").map { Int($0) }
    guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Whether `learner` (a folder name) is in this slice: a stable hash of the name, so every
  /// machine and every re-run puts each learner in the same slice.
  public func contains(_ learner: String) -> Bool {
    var fingerprint = Fingerprint()
    fingerprint.add(learner)
    return Int(fingerprint.value % UInt64(count)) == index - 1
  }
}
