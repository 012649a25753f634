/// A plausible buggy variant of a lesson's code, named after the misconception it holds.
///
/// Its files live in `Solutions/NN-slug/Chaffs/<name>/` and replace the
/// solution's `Sources/` files of the same name.
public struct Chaff: Sendable, Hashable, Codable {
  /// The folder name, such as `upper-bound-excluded`.
  public var name: String
  /// What the learner is told when their tests miss this chaff: behaviour, never code.
  public var misconception: String
  /// When set, one test must record at least this many issues against this chaff.
  public var minimumIssues: Int?
  /// When `true`, a crash does not count as catching this chaff.
  public var mustNotCrash: Bool?

  /// Creates a chaff.
  public init(name: String, misconception: String, minimumIssues: Int? = nil, mustNotCrash: Bool? = nil) {
    self.name = name
    self.misconception = misconception
    self.minimumIssues = minimumIssues
    self.mustNotCrash = mustNotCrash
  }

  private enum CodingKeys: String, CodingKey {
    case name, misconception, minimumIssues, mustNotCrash
  }
}
