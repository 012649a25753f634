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
final class FileLock {
  private var descriptor: Int32

  /// Waits until the lock on `url` is this process's, making the file if needed.
  init(at url: URL) {
    descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
  }

  /// Lets the next process in.
  func unlock() {
    guard descriptor >= 0 else { return }
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
    descriptor = -1
  }

  deinit { unlock() }
}
