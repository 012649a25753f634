import Foundation
import GradeWire

/// What a boxed run may use of the file system: everything else is refused (`Confinement.c`).
///
/// The list is the same for every variant of a task and every learner: the system's
/// libraries and a few of its files, the toolchain, the libraries beside the program (read
/// only), the program itself (started, never read, for exit tests), and the run's scratch
/// folder. `/proc` is not in it, so a test can read neither its own mappings nor its program.
enum RunAllowance {
  /// The paths for a run of the program at `program`, with `libraries` beside it, working in `work`.
  ///
  /// - Parameters:
  ///   - ownTemporaryFolder: Whether `/tmp` is the run's own (the box's namespaces give it a
  ///     fresh one); elsewhere it is shared, and only `work` is writable.
  ///   - threadSanitizer: ThreadSanitizer names the frames of a report from the process's
  ///     mappings, so its runs may read `/proc/self/maps`.
  static func paths(
    toolchain: String, program: String, libraries: [String], work: String, ownTemporaryFolder: Bool, threadSanitizer: Bool
  ) -> [RunOrders.AllowedPath] {
    var allowed: [RunOrders.AllowedPath] = systemTrees.map { .init($0, .readTree) }
    allowed += systemFiles.map { .init($0, .readFile) }
    allowed += devices.map { .init($0, .writeFile) }
    allowed += loaders.map { .init($0, .executeFile) }
    allowed.append(.init(toolchain, .readTree))
    allowed.append(.init(program, .executeFile))
    allowed += libraries.map { .init($0, .readFile) }
    allowed.append(.init(work, .writeTree))
    if ownTemporaryFolder { allowed.append(.init("/tmp", .writeTree)) }
    if threadSanitizer { allowed.append(.init("/proc/self/maps", .readFile)) }
    return allowed
  }

  /// Folders of the system's libraries and data, read whole.
  static let systemTrees = ["/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/share/zoneinfo", "/sys/devices/system/cpu"]

  /// The system's files a Swift program reads as it starts: the loader's cache, the time
  /// zone, the user and group names.
  static let systemFiles = [
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf",
  ]

  /// Devices a program may read and write: nothing is kept in them.
  static let devices = ["/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"]

  /// The dynamic loaders, which the kernel starts with the program.
  static let loaders = ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"]
}
