/// Where loading an article has got to.
public enum LoadState: Equatable, Sendable {
  /// Nothing has been asked for yet.
  case idle
  /// The article is on its way.
  case loading
  /// The article arrived, with this text.
  case loaded(String)
  /// The article could not be loaded, for this reason.
  case failed(SyncError)
}
