import Foundation

/// The shell scripts that set a box up before the test program starts, in `Sources/BoxScripts`.
///
/// They are shell rather than Swift because the set-up happens between fork and exec, in a
/// process that has unshared its namespaces, which Swift's `posix_spawn` cannot do;
/// util-linux's `unshare`, `mount` and `prlimit` make the same system calls. Every process
/// costs time on each run, so the box's file system is mounted by one `mount --all` from a
/// table. Each script is run as `sh -c <text> <name> <parameters...>`: every value arrives as
/// a positional parameter, never spliced into the text, so no path can be read as shell code.
/// The grader's tests check each with `sh -n` (`BoxTests`).
enum BoxScript {
  /// The folder of the scripts, `Sources/BoxScripts`, beside this file's own folder.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "BoxScripts")

  /// Sets a run's namespaces up and becomes the test program (`namespaced.sh`).
  static let namespaced = text(of: "namespaced")

  /// Checks that this machine lets an unprivileged process make every namespace the box uses (`probe.sh`).
  static let probe = text(of: "probe")

  /// Every script's name, for the tests that check them.
  static let names = ["namespaced", "probe"]

  /// The script `name`; a script that cannot be read fails loudly when run (`exit 70`), never silently.
  static func text(of name: String) -> String {
    (try? String(contentsOf: folder.appending(path: "\(name).sh"), encoding: .utf8))
      ?? "echo 'grade: the box script \(name).sh is missing from \(folder.path)' >&2; exit 70"
  }
}
