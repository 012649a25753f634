import Foundation

/// The box's launcher (`Sources/GradeLauncher`): where it is, and the words that start a run with it.
///
/// One process makes a run's box and becomes its test program: it drops to `nobody` when
/// the grader is root, makes the user, mount, PID, network, IPC and UTS namespaces, mounts
/// the box's file system (`BoxRoot`), caps its processes, enters a second user namespace as
/// `nobody`, changes root, sets the limits and the environment, and starts the program.
/// Every value reaches it as an argument of its own, never inside text it would read as code.
/// SwiftPM builds it beside `grade` (and beside the test bundle), where this looks for it.
enum Launcher {
  /// The launcher's file name, its target's.
  static let name = "GradeLauncher"

  /// The launcher beside the program running now; `nil` when it is not there.
  static let path: String? = {
    let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath ?? ""
    let beside = URL(fileURLWithPath: running).deletingLastPathComponent().appending(path: name).path
    return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
  }()

  /// Why a run cannot start without the launcher, and what to do about it.
  static var missing: String {
    "the box's launcher, \(name), is not beside the grader: `swift build --product grade` builds it"
  }

  /// The words that run as the user and group `nobody`, with no capabilities: used when the
  /// grader runs as root, so that a run's tests are not root's.
  static let nobody = ["--nobody"]

  /// The words that set `limits` on the program, soft and hard: its address space unless
  /// `addressSpace` is false, its file size, open files, core dumps (none) and CPU seconds.
  static func limits(_ limits: BoxLimits, cpuSeconds: Int, addressSpace: Bool) -> [String] {
    let named: [(String, Int)] = (addressSpace ? [("as", limits.memoryBytes)] : []) + [
      ("fsize", limits.fileSizeBytes), ("nofile", limits.openFiles), ("core", 0), ("cpu", cpuSeconds),
    ]
    return named.flatMap { ["--limit", $0.0, "\($0.1)"] }
  }

  /// The words that give the program `variables` (`NAME=value`) as its whole environment.
  static func environment(_ variables: [String]) -> [String] {
    variables.flatMap { ["--env", $0] }
  }
}
