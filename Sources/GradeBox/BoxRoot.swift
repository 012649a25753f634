import Foundation

/// The file system a box's tests see: the mounts and links the launcher makes in the box's root.
///
/// The launcher (`Launcher`) makes the root a fresh tmpfs inside the box's mount namespace,
/// with an empty mount point for every mount (a file where a file is bound) and every link,
/// makes it read-only, then mounts: nothing of the root is on the host's disk, and no run
/// sees another's.
struct BoxRoot {
  /// One mount, made by the launcher from its arguments (`arguments`).
  struct Mount: Equatable {
    /// How a mount is made: one of the launcher's mount options.
    enum Kind: String {
      /// A file or folder of the host, read-only.
      case view
      /// A folder of the host and every mount under it, read-only.
      case tree
      /// A device file of the host, writable: nothing is kept in the devices bound.
      case device
      /// A fresh tmpfs that everyone may write, sticky as `/tmp`, of `bytes` at most.
      case scratch
      /// A fresh `/proc` of the box's PID namespace.
      case proc
    }

    /// How it is made.
    var kind: Kind
    /// The host's path bound, for `view`, `tree` and `device`.
    var source: String? = nil
    /// Where, as a path inside the box.
    var target: String
    /// The size of a `scratch` mount.
    var bytes: Int? = nil

    /// The launcher's arguments that make this mount, each value one word.
    var arguments: [String] {
      ["--\(kind.rawValue)"] + (source.map { [$0] } ?? []) + [target] + (bytes.map { ["\($0)"] } ?? [])
    }
  }

  /// The mounts, in the order they are made.
  var mounts: [Mount]
  /// Links inside the box, by path, to their targets.
  var links: [String: String]

  /// The folders of the system and the toolchain, read-only; `/dev`'s harmless devices; fresh
  /// `/proc`, `/tmp`, `/dev/shm` and `/box/work`, the last three size-capped; and the program
  /// and its libraries at `/box/bin`.
  init(toolchain: String, program: URL, libraries: [URL], scratchBytes: Int) {
    var mounts: [Mount] = [Mount(kind: .view, source: "/usr", target: "/usr")]
    var links: [String: String] = [
      "/dev/fd": "/proc/self/fd", "/dev/stdin": "/proc/self/fd/0", "/dev/stdout": "/proc/self/fd/1",
      "/dev/stderr": "/proc/self/fd/2",
    ]
    let manager = FileManager.default
    for name in ["bin", "lib", "lib32", "lib64", "libx32", "sbin"] {
      if let target = try? manager.destinationOfSymbolicLink(atPath: "/\(name)") {
        links["/\(name)"] = target
      } else if Self.isFolder("/\(name)") {
        mounts.append(Mount(kind: .tree, source: "/\(name)", target: "/\(name)"))
      }
    }
    for name in ["ld.so.cache", "ld.so.conf", "localtime", "passwd", "group", "nsswitch.conf"]
    where manager.fileExists(atPath: "/etc/\(name)") && !Self.isFolder("/etc/\(name)") {
      mounts.append(Mount(kind: .view, source: "/etc/\(name)", target: "/etc/\(name)"))
    }
    if toolchain != "/usr" && !toolchain.hasPrefix("/usr/") {
      mounts.append(Mount(kind: .view, source: toolchain, target: toolchain))
    }
    for name in ["null", "zero", "full", "random", "urandom"] {
      mounts.append(Mount(kind: .device, source: "/dev/\(name)", target: "/dev/\(name)"))
    }
    mounts += [
      Mount(kind: .scratch, target: "/dev/shm", bytes: 16 << 20),
      Mount(kind: .proc, target: "/proc"),
      Mount(kind: .scratch, target: "/tmp", bytes: scratchBytes),
      // Scratch in memory, not on the host's disk: capped, and gone with the run whatever it holds.
      Mount(kind: .scratch, target: "/box/work", bytes: scratchBytes),
      Mount(kind: .view, source: program.path, target: "/box/bin/\(Box.programName)"),
    ]
    for library in libraries {
      mounts.append(Mount(kind: .view, source: library.path, target: "/box/bin/\(library.lastPathComponent)"))
    }
    self.mounts = mounts
    self.links = links
  }

  /// The launcher's arguments that make the box's file system at `root`, an empty folder of the
  /// host's: the root, every mount in order, then every link.
  func arguments(root: URL) -> [String] {
    ["--root", root.path] + mounts.flatMap(\.arguments)
      + links.sorted { $0.key < $1.key }.flatMap { ["--link", $0.key, $0.value] }
  }

  private static func isFolder(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
  }
}
