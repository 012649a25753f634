import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a file, between processes, held from creation until `unlock()`.
///
/// `flock(2)`: the kernel drops the lock when the process dies, so a grading that was
/// stopped never leaves a folder locked.
package final class FileLock {
  private var descriptor: Int32

  /// Waits until the lock on `url` is this process's, making the file if needed.
  init(at url: URL) {
    descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
  }

  /// The lock on `url` if no other process holds it, without waiting; `nil` when one does.
  package init?(trying url: URL) {
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      if descriptor >= 0 { close(descriptor) }
      return nil
    }
  }

  /// A shared lock on `url`: many processes hold one at once, and while any does, an
  /// exclusive one waits (`waitUntilFree`).
  package init(shared url: URL) {
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    if descriptor >= 0 { _ = flock(descriptor, LOCK_SH) }
  }

  /// Waits until no process holds a lock on `url`, then goes on without holding one.
  package static func waitUntilFree(_ url: URL) {
    let lock = FileLock(at: url)
    lock.unlock()
  }

  /// Lets the next process in.
  package func unlock() {
    guard descriptor >= 0 else { return }
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit { unlock() }
}
