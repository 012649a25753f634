import Foundation

/// A path as the kernel resolves it, links and `..` followed: what Seatbelt matches a rule against.
///
/// POSIX `realpath`, not `URL.resolvingSymlinksInPath()`: Foundation drops a leading
/// `/private` on macOS, so `/tmp` would come back as `/tmp`, while the kernel sees `/private/tmp`.
enum RealPath {
  /// `path` resolved, or `path` itself when it does not exist (a rule for it then matches nothing).
  static func of(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
