/// One entry in the feed, as the server sends it.
public struct Post: Codable, Equatable, Sendable {
  /// The server's identifier for the post.
  public var id: Int
  /// The headline the feed shows.
  public var title: String

  /// Creates a post.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}
