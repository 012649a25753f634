/// Why uploading a note failed.
public enum SyncError: Error, Equatable, Sendable {
  /// The server could not be reached.
  case offline
  /// The server refused the note with this title.
  case rejected(String)
}

/// Uploads notes to a server and tells you how it went through callbacks,
/// the way much code written before `async`/`await` does.
///
/// `sync(_:onProgress:onComplete:)` uploads the notes one at a time, in
/// order. After each upload succeeds it calls `onProgress` with how many
/// notes are uploaded so far (1, 2, 3, ...). When every note is uploaded it
/// calls `onComplete(.success(count))`. When an upload fails it calls
/// `onComplete(.failure(error))` with the server's error and uploads nothing
/// more; the failed note gets no progress call. `onComplete` is called
/// exactly once, and after every `onProgress` call.
///
/// The callbacks may come from any task, before or after `sync` returns: do
/// not assume either.
public final class NoteSynchronizer: Sendable {
  /// Uploads one note: `nil` when the server took it, or the error it gave.
  private let upload: @Sendable (String) async -> SyncError?

  /// Makes a synchronizer that uploads each note with `upload`.
  public init(upload: @escaping @Sendable (String) async -> SyncError?) {
    self.upload = upload
  }

  /// Uploads `notes` in order, reporting each upload to `onProgress` and the
  /// outcome, exactly once, to `onComplete`.
  public func sync(
    _ notes: [String],
    onProgress: @escaping @Sendable (Int) -> Void,
    onComplete: @escaping @Sendable (Result<Int, SyncError>) -> Void
  ) {
    Task {
      var uploaded = 0
      for note in notes {
        if let error = await upload(note) {
          onComplete(.failure(.rejected(note)))
          return
        }
        uploaded += 1
        onProgress(uploaded)
      }
      onComplete(.success(uploaded))
    }
  }
}
