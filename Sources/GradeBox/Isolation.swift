import Foundation
import GradeProcesses

/// What this machine lets the box do, found out once by trying it.
public struct Isolation: Sendable, Equatable {
  /// Which box runs go in (`BoxKind`): the Linux box unless the platform or `GRADE_BOX` says otherwise.
  public var box: BoxKind = .linux
  /// Whether runs get their own user, mount, PID and network namespaces.
  public var namespaces: Bool
  /// Whether a run's PID namespace can cap its processes (Linux 6.14 and later).
  public var processLimit: Bool
  /// The toolchain's `usr` folder, shown read-only inside the box.
  public var toolchain: String
  /// Why a protection is off, when one is.
  public var reason: String?
  /// The box's launcher (`Launcher`), built for this grader; `nil` when it could not be, and
  /// `reason` says why: then no run starts.
  public var launcher: String?
  /// The program that puts a run of the Darwin box in its Seatbelt profile and becomes the run's
  /// program: `/usr/bin/sandbox-exec -p PROFILE PROGRAM`; a test may name a stand-in.
  public var sandboxExec = SeatbeltProfile.sandboxExec
  /// Whether runs drop to the user `nobody` first (`Launcher.nobody`): set when the grader
  /// runs as root, so that a run's tests are not root's either.
  public var dropPrivileges = false
  /// Whether a run's tests cannot read the code they test: its program is execute-only and
  /// its memory closed to them through `/proc`. That holds when the run's user is not root.
  public var codeHidden = false
  /// Whether each run confines itself before its tests load (`Confinement.c`): Landlock
  /// limits the files it may read, write and start to `RunAllowance`'s list, and seccomp the
  /// system calls it may make. Neither needs privileges, so both hold without namespaces.
  public var confinement: Bool = {
    #if os(Linux)
      true
    #else
      false
    #endif
  }()

  /// The protections that are off, in words a learner or instructor can act on; empty when none are.
  public var protectionsOff: [String] {
    guard box == .linux else { return Self.off(in: box) }
    var off: [String] = []
    if !namespaces && !confinement {
      off += [
        "tests can reach the network",
        "tests can read and write your files (only the grader's own copies are graded)",
        "a process a test starts with setsid can outlive the run",
      ]
    }
    if !processLimit { off.append("the number of processes a test starts is not capped") }
    if !codeHidden {
      off.append("tests can read the bytes of the code they test, so a test could tell a correct version from a buggy one without testing it")
    }
    return off
  }

  /// What is off in the portable and Darwin boxes, which make no namespaces and confine no run
  /// with Landlock or seccomp: the same list on every machine, so a learner reads exactly what holds.
  static func off(in box: BoxKind) -> [String] {
    var off: [String] = []
    if box != .darwin {
      off += [
        "tests can reach the network",
        "tests can read and write your files (only the grader's own copies are graded)",
      ]
    }
    // Measured on Linux only (PortableBoxTests' notes): a Mac's Foundation was not tried.
    let session = box == .darwin ? "" : " (Foundation's Process starts each in a session of its own on Linux)"
    off += [
      "a process a test starts in a process group or session of its own\(session) can outlive the run",
      "the number of processes a test starts is not capped",
    ]
    if !box.capsAddressSpace { off.append("memory is not capped (macOS does not hold a process to an address-space limit)") }
    off.append("tests can read the bytes of the code they test, so a test could tell a correct version from a buggy one without testing it")
    return off
  }

  /// What still holds when protections are off, as one sentence.
  var stillHolds: String {
    switch box {
    case .linux, .portable:
      "Time, memory, file-size and output limits still hold."
    case .darwin:
      "Still held: Seatbelt lets tests read only the system, the toolchain and the run's program, write only the run's own folder, start no other program and reach no network; the time, file-size and output limits hold, and the run's process group is ended at the time limit."
    }
  }

  /// One paragraph that says which protections are off and why, or `nil` when none are.
  public var notice: String? {
    let off = protectionsOff
    guard !off.isEmpty else { return nil }
    let why = reason.map { " (\($0))" } ?? ""
    return "Protections of the box tests run in are off on this machine\(why): " + off.joined(separator: "; ")
      + ". \(stillHolds) See the README's \"Limits\"."
  }

  /// Chooses the box (`BoxKind.chosen`), builds its launcher, tries the Linux box's namespaces
  /// once with it, and says what works.
  ///
  /// - Parameters:
  ///   - scratch: The folder the grader keeps its builds in, where the probe may make an empty
  ///     folder, and which a run as `nobody` must not reach.
  ///   - launcherFolder: A folder the launcher is built in, kept for later graders; by default `scratch`.
  ///   - platform: The system the grader runs on.
  ///   - environment: The grader's environment, where `GRADE_BOX` may choose another box.
  public static func probe(
    spawner: Spawner, scratch: URL, launcherFolder: URL? = nil, platform: HostPlatform = .current,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Isolation {
    let box: BoxKind
    switch BoxKind.chosen(on: platform, environment: environment) {
    case .success(let chosen): box = chosen
    case .failure(let refused): return unconfined(.portable, toolchain: Toolchain.folder(), reason: refused.message)
    }
    switch Launcher.built(in: launcherFolder ?? scratch, spawner: spawner) {
    case .success(let launcher):
      var isolation: Isolation
      switch box {
      case .linux: isolation = probe(spawner: spawner, scratch: scratch, launcher: launcher)
      case .portable: isolation = unconfined(.portable, toolchain: Toolchain.folder(), reason: "\(BoxKind.variable)=portable")
      case .darwin:
        isolation = unconfined(.darwin, toolchain: xcodeToolchain(spawner: spawner) ?? Toolchain.folder(), reason: "macOS has no namespaces, Landlock or seccomp")
        // Without sandbox-exec there is no Seatbelt, and the Darwin box is not made without it.
        guard FileManager.default.isExecutableFile(atPath: isolation.sandboxExec) else {
          isolation.reason = "\(isolation.sandboxExec) is not on this Mac, so no run can be put in Seatbelt"
          return isolation
        }
      }
      isolation.launcher = launcher
      return isolation
    case .failure(let failure):
      var isolation = Isolation(namespaces: false, processLimit: false, toolchain: Toolchain.folder(), reason: "the box's launcher: \(failure.message)")
      isolation.box = box
      return isolation
    }
  }

  /// A box of `kind` without namespaces, Landlock or seccomp, nor a launcher yet: no run starts
  /// until one is set, so a refused choice of box (`reason`) stops every run.
  static func unconfined(_ kind: BoxKind, toolchain: String, reason: String) -> Isolation {
    var isolation = Isolation(namespaces: false, processLimit: false, toolchain: toolchain, reason: reason)
    isolation.box = kind
    isolation.confinement = false
    isolation.codeHidden = false
    return isolation
  }

  /// The `usr` folder of the toolchain `xcrun` finds, as SwiftPM finds it on macOS; `nil` without
  /// `xcrun`. `swiftc` on a Mac's `PATH` is `/usr/bin/swiftc`, a shim, not a link into the toolchain.
  static func xcodeToolchain(spawner: Spawner) -> String? {
    guard let found = try? spawner.run(["/usr/bin/xcrun", "--find", "swiftc"], until: .now + .seconds(20), streams: .separate),
      found.succeeded, let line = found.output.split(separator: "\n").first, line.hasPrefix("/")
    else { return nil }
    return URL(fileURLWithPath: RealPath.of(String(line))).deletingLastPathComponent().deletingLastPathComponent().path
  }

  /// Tries the box's namespaces once with `launcher` and says what works.
  private static func probe(spawner: Spawner, scratch: URL, launcher: String) -> Isolation {
    let toolchain = Toolchain.folder()
    let root = geteuid() == 0
    /// Without namespaces: as root, runs drop to nobody where nobody can reach the scratch folder.
    func plain(_ reason: String) -> Isolation {
      var isolation = Isolation(namespaces: false, processLimit: false, toolchain: toolchain, reason: reason)
      isolation.codeHidden = !root
      if root, let reached = try? spawner.run(
        [launcher] + Launcher.nobody + ["--", "/usr/bin/test", "-x", scratch.path], environment: .exactly(["PATH": "/usr/bin:/bin"]),
        until: .now + .seconds(20)),
        reached.succeeded
      {
        isolation.dropPrivileges = true
        isolation.codeHidden = true
      }
      return isolation
    }
    if ProcessInfo.processInfo.environment["GRADE_NAMESPACES"] == "off" { return plain("GRADE_NAMESPACES=off") }
    #if os(Linux)
      // What the launcher said when it last could not make a box, for the notice.
      var refusal = "the launcher said nothing"
      func attempt(asNobody: Bool) -> ProcessOutcome? {
        let folder = scratch.appending(path: "probe-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try? spawner.run(
          [launcher] + (asNobody ? Launcher.nobody : []) + ["--probe", folder.path],
          environment: .exactly(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]), until: .now + .seconds(20))
        guard let outcome, outcome.succeeded, outcome.output.contains("namespaces") else {
          if let said = outcome?.output.split(separator: "\n").last { refusal = String(said) }
          return nil
        }
        return outcome
      }
      // As root, runs drop to nobody first, so their tests are nobody's, not root's: where that
      // works, nothing of the code they test is readable to them.
      if root, let outcome = attempt(asNobody: true) {
        var isolation = Isolation(namespaces: true, processLimit: outcome.output.contains("pid_max"), toolchain: toolchain)
        isolation.dropPrivileges = true
        isolation.codeHidden = true
        return isolation
      }
      guard let outcome = attempt(asNobody: false) else { return plain("the box's namespaces could not be made: \(refusal)") }
      var isolation = Isolation(namespaces: true, processLimit: outcome.output.contains("pid_max"), toolchain: toolchain)
      isolation.codeHidden = !root
      if root {
        isolation.reason = "the grader runs as root, and the user nobody cannot reach \(scratch.path) to run tests as nobody"
      }
      return isolation
    #else
      return plain("namespaces are Linux's")
    #endif
  }
}
