import Foundation

/// The file system a box's tests see: a skeleton of empty folders, files and
/// links, made afresh in each run's folder, and the mounts that fill it.
///
/// The skeleton is made here, in Swift, so that the launcher (`Launcher`) only mounts:
/// it makes the skeleton itself read-only first, and every mount lands on an entry of it.
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

    /// Whether the mount point is a file rather than a folder.
    var onFile: Bool = false

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
      mounts.append(Mount(kind: .view, source: "/etc/\(name)", target: "/etc/\(name)", onFile: true))
    }
    if toolchain != "/usr" && !toolchain.hasPrefix("/usr/") {
      mounts.append(Mount(kind: .view, source: toolchain, target: toolchain))
    }
    for name in ["null", "zero", "full", "random", "urandom"] {
      mounts.append(Mount(kind: .device, source: "/dev/\(name)", target: "/dev/\(name)", onFile: true))
    }
    mounts += [
      Mount(kind: .scratch, target: "/dev/shm", bytes: 16 << 20),
      Mount(kind: .proc, target: "/proc"),
      Mount(kind: .scratch, target: "/tmp", bytes: scratchBytes),
      // Scratch in memory, not on the host's disk: capped, and gone with the run whatever it holds.
      Mount(kind: .scratch, target: "/box/work", bytes: scratchBytes),
      Mount(kind: .view, source: program.path, target: "/box/bin/\(Box.programName)", onFile: true),
    ]
    for library in libraries {
      mounts.append(Mount(kind: .view, source: library.path, target: "/box/bin/\(library.lastPathComponent)", onFile: true))
    }
    self.mounts = mounts
    self.links = links
  }

  /// Makes the skeleton in the empty folder `root`: a mount point for every mount, and the links.
  func makeSkeleton(at root: URL) throws {
    let manager = FileManager.default
    for mount in mounts {
      let point = root.appending(path: String(mount.target.dropFirst()))
      if mount.onFile {
        try manager.createDirectory(at: point.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard manager.createFile(atPath: point.path, contents: nil) else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: point.path])
        }
      } else {
        try manager.createDirectory(at: point, withIntermediateDirectories: true)
      }
    }
    for (path, target) in links.sorted(by: { $0.key < $1.key }) {
      let link = root.appending(path: String(path.dropFirst()))
      try manager.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.createSymbolicLink(atPath: link.path, withDestinationPath: target)
    }
  }

  /// The launcher's arguments that make the box's file system on the skeleton at `root`: the
  /// root, then every mount in order.
  func arguments(root: URL) -> [String] {
    ["--root", root.path] + mounts.flatMap(\.arguments)
  }

  private static func isFolder(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
  }
}
