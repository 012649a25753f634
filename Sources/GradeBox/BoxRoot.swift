import Foundation

/// The file system a box's tests see: a skeleton of empty folders, files and
/// links, made afresh in each run's folder, and the mount table that fills it.
///
/// The skeleton is made here, in Swift, so that setting a box up takes one
/// `mount --all` process instead of a `mkdir`, `touch` or `ln` per entry, which
/// took most of a run's set-up time. The first mount makes the skeleton itself
/// read-only; every other mount lands on an entry of it.
struct BoxRoot {
  /// One line of the mount table.
  struct Mount: Equatable {
    /// What is mounted: a path, or a file system's name for `tmpfs` and `proc`.
    var source: String
    /// Where, as a path inside the box.
    var target: String
    /// The file system type; `none` for a bind mount.
    var type: String
    /// The mount options.
    var options: String
    /// Whether the mount point is a file rather than a folder.
    var onFile: Bool = false
  }

  /// The mounts, in the order they are made.
  var mounts: [Mount]
  /// Links inside the box, by path, to their targets.
  var links: [String: String]

  /// The folders of the system and the toolchain, read-only; `/dev`'s harmless devices; fresh
  /// `/proc`, `/tmp`, `/dev/shm` and `/box/work`, the last three size-capped; and the program
  /// and its libraries at `/box/bin`.
  init(toolchain: String, program: URL, libraries: [URL], scratchBytes: Int) {
    var mounts: [Mount] = [Mount(source: "/usr", target: "/usr", type: "none", options: "bind,ro")]
    var links: [String: String] = [
      "/dev/fd": "/proc/self/fd", "/dev/stdin": "/proc/self/fd/0", "/dev/stdout": "/proc/self/fd/1",
      "/dev/stderr": "/proc/self/fd/2",
    ]
    let manager = FileManager.default
    for name in ["bin", "lib", "lib32", "lib64", "libx32", "sbin"] {
      if let target = try? manager.destinationOfSymbolicLink(atPath: "/\(name)") {
        links["/\(name)"] = target
      } else if Self.isFolder("/\(name)") {
        mounts.append(Mount(source: "/\(name)", target: "/\(name)", type: "none", options: "rbind,ro"))
      }
    }
    for name in ["ld.so.cache", "ld.so.conf", "localtime", "passwd", "group", "nsswitch.conf"]
    where manager.fileExists(atPath: "/etc/\(name)") && !Self.isFolder("/etc/\(name)") {
      mounts.append(Mount(source: "/etc/\(name)", target: "/etc/\(name)", type: "none", options: "bind,ro", onFile: true))
    }
    if toolchain != "/usr" && !toolchain.hasPrefix("/usr/") {
      mounts.append(Mount(source: toolchain, target: toolchain, type: "none", options: "bind,ro"))
    }
    for name in ["null", "zero", "full", "random", "urandom"] {
      mounts.append(Mount(source: "/dev/\(name)", target: "/dev/\(name)", type: "none", options: "bind", onFile: true))
    }
    mounts += [
      Mount(source: "shm", target: "/dev/shm", type: "tmpfs", options: "size=16m,mode=1777"),
      Mount(source: "proc", target: "/proc", type: "proc", options: "nosuid,nodev,noexec"),
      Mount(source: "tmp", target: "/tmp", type: "tmpfs", options: "size=\(scratchBytes),mode=1777"),
      // Scratch in memory, not on the host's disk: capped, and gone with the run whatever it holds.
      Mount(source: "work", target: "/box/work", type: "tmpfs", options: "size=\(scratchBytes),mode=1777"),
      Mount(source: program.path, target: "/box/bin/\(Box.programName)", type: "none", options: "bind,ro", onFile: true),
    ]
    for library in libraries {
      mounts.append(Mount(source: library.path, target: "/box/bin/\(library.lastPathComponent)", type: "none", options: "bind,ro", onFile: true))
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

  /// The mount table for `mount --all --fstab`, with the box's root at `root`: first the
  /// skeleton onto itself, read-only, then every mount onto it.
  func table(root: URL) -> String {
    let all = [Mount(source: root.path, target: "/", type: "none", options: "bind,ro")] + mounts
    return all.map { mount in
      let target = mount.target == "/" ? root.path : root.path + mount.target
      return [Self.escaped(mount.source), Self.escaped(target), mount.type, mount.options, "0", "0"].joined(separator: " ")
    }.joined(separator: "\n") + "\n"
  }

  /// A path as a mount table writes it: blanks and backslashes as octal escapes.
  static func escaped(_ path: String) -> String {
    var out = ""
    for character in path.unicodeScalars {
      switch character {
      case " ": out += "\\040"
      case "\t": out += "\\011"
      case "\n": out += "\\012"
      case "\\": out += "\\134"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  private static func isFolder(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
  }
}
