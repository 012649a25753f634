import Foundation

/// What this machine lets the box do, found out once by trying it.
public struct Isolation: Sendable, Equatable {
  /// Whether runs get their own user, mount, PID and network namespaces.
  public var namespaces: Bool
  /// Whether a run's PID namespace can cap its processes (Linux 6.14 and later).
  public var processLimit: Bool
  /// The toolchain's `usr` folder, shown read-only inside the box.
  public var toolchain: String
  /// Why the namespaces are off, when they are.
  public var reason: String?

  /// The protections that are off, in words a learner or instructor can act on; empty when none are.
  public var protectionsOff: [String] {
    var off: [String] = []
    if !namespaces {
      off += [
        "tests can reach the network",
        "tests can read and write your files (only the grader's own copies are graded)",
        "a process a test starts with setsid can outlive the run",
      ]
    }
    if !processLimit { off.append("the number of processes a test starts is not capped") }
    return off
  }

  /// One paragraph that says which protections are off and why, or `nil` when none are.
  public var notice: String? {
    let off = protectionsOff
    guard !off.isEmpty else { return nil }
    let why = reason.map { " (\($0))" } ?? ""
    return "Sandbox protections off on this machine\(why): " + off.joined(separator: "; ")
      + ". Time, memory, file-size and output limits still hold. See the README's \"Limits\"."
  }

  /// Tries the box's namespaces once and says what works.
  ///
  /// - Parameter scratch: A folder the probe may make an empty folder in.
  public static func probe(runner: ProcessRunner, scratch: URL) -> Isolation {
    let toolchain = toolchainFolder()
    if ProcessInfo.processInfo.environment["GRADE_NAMESPACES"] == "off" {
      return Isolation(namespaces: false, processLimit: false, toolchain: toolchain, reason: "GRADE_NAMESPACES=off")
    }
    #if os(Linux)
      let folder = scratch.appending(path: "probe-\(UUID().uuidString)")
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let outcome = try? runner.run(
        ["unshare", "--user", "--map-root-user", "--mount", "--pid", "--net", "--ipc", "--uts", "--fork", "--kill-child",
         "--", "/bin/sh", "-c", BoxScript.probe, "probe", folder.path],
        environment: .exactly(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]), until: .now + .seconds(20))
      guard let outcome, outcome.succeeded, outcome.output.contains("namespaces") else {
        let said = outcome?.output.split(separator: "\n").last.map(String.init) ?? "unshare did not start"
        return Isolation(namespaces: false, processLimit: false, toolchain: toolchain, reason: "unshare failed: \(said)")
      }
      return Isolation(namespaces: true, processLimit: outcome.output.contains("pid_max"), toolchain: toolchain)
    #else
      return Isolation(namespaces: false, processLimit: false, toolchain: toolchain, reason: "namespaces are Linux's")
    #endif
  }

  /// The toolchain's `usr` folder: two levels above the real `swiftc`.
  static func toolchainFolder() -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appending(path: "swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
      }
    }
    return "/usr"
  }
}
