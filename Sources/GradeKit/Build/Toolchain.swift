import Synchronization

/// The Swift toolchain's version, which is part of every build's and result's key.
enum Toolchain {
  private static let cached = Mutex<String?>(nil)

  /// The first line of `swiftc --version`, asked once per process.
  static func version(runner: ProcessRunner) -> String {
    if let known = cached.withLock({ $0 }) { return known }
    let outcome = try? runner.run(["swiftc", "--version"], until: .now + .seconds(60))
    let line = outcome?.output.split(separator: "\n").first.map(String.init) ?? "unknown toolchain"
    cached.withLock { $0 = line }
    return line
  }
}
