/// The Seatbelt profile of one run in the Darwin box (`BoxKind.darwin`): text for `sandbox-exec -p`.
///
/// It denies by default and allows, by name: reading the system, the toolchain, the
/// libraries beside the program and the program itself; reading and writing the run's
/// scratch folder alone; forking, and starting no program but the run's own (Swift
/// Testing starts it again for each exit test). No network rule is written, so the
/// network stays denied.
///
/// Followed, and where it differs:
/// - SwiftPM's `macOSSandboxProfile` (`Sources/Basics/Sandbox.swift`, swiftlang/swift-package-manager),
///   which runs manifests and plugins as `/usr/bin/sandbox-exec -p PROFILE command`:
///   `(version 1)`, `(deny default)`, `(import "system.sb")`, writable folders as `subpath`s,
///   and its quoting of a path (a backslash or a double quote escaped with a backslash).
///   SwiftPM allows reading every file and starting any process (`(allow process*)`); this
///   profile lists what a run reads and starts only its own program.
/// - The Swift compiler's `lib/Basic/Sandbox.cpp` (swiftlang/swift): `(allow file-read-metadata)`,
///   so a run may look up any path's metadata while it reads only what is listed.
/// - Bazel's darwin sandbox (`DarwinSandboxedSpawnRunner.java`, bazelbuild/bazel): writes allowed
///   under the action's folders alone. Bazel writes paths unquoted; this profile never does.
///
/// Seatbelt matches a path as the kernel resolved it (`/tmp` is `/private/tmp`), so every
/// path given must already be resolved (`realpath`). A path that holds a control character
/// is refused rather than escaped: the profile's string syntax gives such characters meanings
/// of their own, and no path the grader makes needs one.
public struct SeatbeltProfile: Sendable, Equatable {
  /// The program that applies a profile and becomes the command after it, as SwiftPM calls it.
  public static let sandboxExec = "/usr/bin/sandbox-exec"

  /// Folders of the system a Swift program reads as it starts: its libraries, frameworks,
  /// the loader's cache and the time zones. `system.sb` allows the rest of what starting needs.
  public static let systemTrees = [
    "/System", "/usr/lib", "/usr/share", "/Library/Apple", "/private/var/db/dyld", "/private/var/db/timezone",
  ]

  /// Devices a program may read and write: nothing is kept in them (as `RunAllowance.devices`).
  public static let devices = ["/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"]

  /// The toolchain's `usr` folder, read whole: Swift Testing and the Swift runtime live there.
  public var toolchain: String
  /// The run's program, read and started.
  public var program: String
  /// The libraries beside the program, read.
  public var libraries: [String]
  /// The run's scratch folder, the one place it may write.
  public var work: String

  /// Creates the profile of a run.
  public init(toolchain: String, program: String, libraries: [String], work: String) {
    self.toolchain = toolchain
    self.program = program
    self.libraries = libraries
    self.work = work
  }

  /// A path that cannot go into a profile, and why.
  public struct Unusable: Error, Equatable, Sendable {
    /// The path.
    public var path: String
    /// Why, in words.
    public var reason: String
  }

  /// The profile's text, one rule a line; or the first path that cannot be written in it.
  public func text() throws(Unusable) -> String {
    var lines = [
      "(version 1)",
      "(deny default)",
      "(import \"system.sb\")",
      "(allow file-read-metadata)",
    ]
    let reads = Self.systemTrees.map { (path: $0, filter: "subpath") } + [(toolchain, "subpath")]
      + ([program] + libraries).map { (path: $0, filter: "literal") }
    lines.append("(allow file-read*" + (try reads.map { path, filter throws(Unusable) in try Self.filter(filter, path) }).joined() + ")")
    lines.append("(allow file-read* file-write-data" + (try Self.devices.map { path throws(Unusable) in try Self.filter("literal", path) }).joined() + ")")
    lines.append("(allow file-read* file-write*" + (try Self.filter("subpath", work)) + ")")
    lines.append("(allow process-fork)")
    lines.append("(allow process-exec" + (try Self.filter("literal", program)) + ")")
    return lines.joined(separator: "\n") + "\n"
  }

  /// ` (FILTER "PATH")`, the path quoted; or why it cannot be.
  static func filter(_ filter: String, _ path: String) throws(Unusable) -> String {
    " (\(filter) \(try quoted(path)))"
  }

  /// `path` as a profile's string: in double quotes, a backslash or double quote escaped
  /// with a backslash, as SwiftPM writes one. Only an absolute path without control characters is taken.
  static func quoted(_ path: String) throws(Unusable) -> String {
    guard path.hasPrefix("/") else { throw Unusable(path: path, reason: "it is not an absolute path") }
    guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
      throw Unusable(path: path, reason: "it holds a control character")
    }
    var escaped = ""
    for character in path.unicodeScalars {
      if character == "\\" || character == "\"" { escaped.unicodeScalars.append("\\") }
      escaped.unicodeScalars.append(character)
    }
    return "\"" + escaped + "\""
  }
}
