import Dispatch

/// Uploads photos to the cloud in the background and reports through callbacks.
///
/// You do not change this file: task 4 moves the tests that check it from
/// XCTest to Swift Testing.
public final class PhotoUploader: Sendable {
  /// Whether the cloud service accepts a photo.
  private let accepts: @Sendable (Photo) -> Bool
  /// The queue the upload and every callback run on.
  private let queue = DispatchQueue(label: "PhotoUploader")

  /// Creates an uploader whose cloud service accepts the photos for which
  /// `accepts` returns true and refuses the others.
  public init(accepts: @escaping @Sendable (Photo) -> Bool) {
    self.accepts = accepts
  }

  /// Starts uploading `photos`, in order, and returns at once.
  ///
  /// - `progress` is called once for every photo the service accepts, with
  ///   how many photos have been accepted so far: 1, then 2, and so on.
  /// - `completion` is called once, after the last `progress` call, with the
  ///   names of the photos the service refused, in the order they were given.
  ///
  /// Both are called on a queue of the uploader's, after `upload` has
  /// returned: never on the caller's thread, and with no promise of how soon.
  public func upload(
    _ photos: [Photo], progress: @escaping @Sendable (Int) -> Void,
    completion: @escaping @Sendable ([String]) -> Void
  ) {
    queue.async { [accepts] in
      var accepted = 0
      var refused: [String] = []
      for photo in photos {
        if accepts(photo) {
          accepted += 1
          progress(accepted)
        } else {
          refused.append(photo.name)
        }
      }
      if accepted == 0 { progress(0) }
      completion(refused)
    }
  }
}
