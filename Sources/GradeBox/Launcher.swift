import Foundation
import GradeProcesses

/// The box's launcher (`Sources/GradeLauncher`): where it is built, and the words that start a run with it.
///
/// One process makes a run's box and becomes its test program: it drops to `nobody` when
/// the grader is root, makes the user, mount, PID, network, IPC and UTS namespaces, mounts
/// the box's file system (`BoxRoot`), caps its processes, enters a second user namespace as
/// `nobody`, changes root, sets the limits and the environment, and starts the program.
/// Every value reaches it as an argument of its own, never inside text it would read as code.
///
/// SwiftPM builds its files as a target, so that the build checks them; the grader compiles
/// the same files with the toolchain's `clang` once, into its state folder, as it does the
/// runner's C (`RunnerProgram`). SwiftPM links an executable with the Swift runtime, which
/// the launcher does not use and which took it 1.2 ms of CPU to load on every run.
enum Launcher {
  /// The launcher's file name, its target's.
  static let name = "GradeLauncher"

  /// The launcher's C files and header, `Sources/GradeLauncher`, beside this file's own folder.
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: name)

  /// The launcher compiled from `sources` in `folder`, compiled now unless a copy of the same
  /// sources and compiler is there; or why it cannot be.
  static func built(in folder: URL, spawner: Spawner) -> Result<String, BuildFailure> {
    let manager = FileManager.default
    let clang = Toolchain.folder() + "/bin/clang"
    let names = ((try? manager.contentsOfDirectory(atPath: sources.path)) ?? []).filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") }.sorted()
    guard names.contains("main.c") else { return .failure(BuildFailure(message: "its sources are not in \(sources.path)")) }
    // Named by what it is built from, so a changed source or toolchain never runs an older launcher.
    var identity = Array(clang.utf8)
    for name in names {
      identity += Array(name.utf8) + [0] + ((try? Data(contentsOf: sources.appending(path: name))).map(Array.init) ?? []) + [0]
    }
    let built = folder.appending(path: "launcher-\(fingerprint(identity))")
    if manager.isExecutableFile(atPath: built.path) { return .success(built.path) }
    try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
    // Compiled beside it, then renamed: two graders that start together never run a half-written file.
    let partial = folder.appending(path: "launcher-\(UUID().uuidString).partial")
    let files = names.filter { $0.hasSuffix(".c") }.map { sources.appending(path: $0).path }
    let outcome = try? spawner.run([clang, "-O2", "-o", partial.path] + files, until: .now + .seconds(120))
    guard let outcome, outcome.succeeded, rename(partial.path, built.path) == 0 else {
      try? manager.removeItem(at: partial)
      return .failure(BuildFailure(message: "clang could not compile it: \(outcome?.output ?? "clang did not start")"))
    }
    return .success(built.path)
  }

  /// Why the launcher cannot be built.
  struct BuildFailure: Error, Equatable {
    /// What went wrong, in words.
    var message: String
  }

  /// FNV-1a over `bytes`, in hexadecimal: a name for what the launcher is built from.
  private static func fingerprint(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
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
