import Foundation

/// Which lines of a Swift or C file sit outside every Linux guard, and what of Linux's own they use there.
///
/// A Linux guard is a conditional block that only Linux compiles: `#if os(Linux)`,
/// `#if canImport(Glibc)` or `canImport(Musl)` in Swift, `#if defined(__linux__)` in C, and
/// the `#else` of their negations. Lines in a Swift multi-line string literal and text in
/// quotes are not code, and comments say nothing, so all three are passed over. A module
/// imported in a branch that asks `canImport` of it is imported where it exists.
struct LinuxGuards {
  /// A line outside every Linux guard that only Linux compiles.
  struct Breach: Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var text: String
    var description: String { "\(path):\(line): \(text)" }
  }

  /// The modules a Swift file may import outside a guard: they are on every platform
  /// Package.swift declares. Every other import (`Glibc`, `Musl`, `Darwin`) sits in a guard of its own.
  static let portableModules: Set<String> = ["Foundation", "Testing", "XCTest", "Synchronization", "Dispatch", "Observation"]

  /// The headers a C file may include outside a guard: C's and POSIX's, on Linux and macOS alike.
  static let portableHeaders: Set<String> = [
    "stdint.h", "stddef.h", "stdlib.h", "string.h", "stdio.h", "stdatomic.h", "stdbool.h", "errno.h", "limits.h",
    "dlfcn.h", "pthread.h", "unistd.h", "fcntl.h", "signal.h", "time.h", "sys/resource.h",
  ]

  /// Names that only Linux's C library or kernel headers declare: a use outside a guard stops a Mac build.
  static let linuxOnlyNames = [
    "prctl(", "PR_SET_", "epoll_", "pipe2(", "SOCK_CLOEXEC", "O_PATH", "O_TMPFILE", "unshare(", "clone3", "CLONE_NEW",
    "memfd_create", "inotify_", "eventfd(", "signalfd(", "landlock_", "SECCOMP_", "sched_getaffinity", "getauxval",
    "pidfd_", "MS_PRIVATE", "mount_setattr",
  ]

  /// Every breach in `text`, the file at `path`; C when the path ends in `.c` or `.h`. A Swift
  /// file may import `ownModules`, the package's own, outside a guard too.
  static func breaches(in text: String, path: String, ownModules: Set<String> = []) -> [Breach] {
    let isC = path.hasSuffix(".c") || path.hasSuffix(".h")
    // Each open conditional: whether its current branch compiles on Linux only.
    var linuxOnly: [Bool] = []
    // Whether the open conditional's `#if` was a Linux condition (true), its negation (false), or neither (nil).
    var conditions: [Bool?] = []
    // The words of each open conditional's current branch; empty in an #else.
    var branches: [String] = []
    var inLiteral = false
    var breaches: [Breach] = []
    for (index, raw) in text.components(separatedBy: "\n").enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if !isC, line.components(separatedBy: "\"\"\"").count % 2 == 0 {
        inLiteral.toggle()
        continue
      }
      if inLiteral || line.hasPrefix("//") || line.hasPrefix("*") || line.hasPrefix("/*") { continue }
      let directive = line.hasPrefix("#") ? line.dropFirst().trimmingCharacters(in: .whitespaces) : nil
      if let directive {
        if directive.hasPrefix("if") {  // #if, #ifdef, #ifndef
          let condition = linuxCondition(directive)
          conditions.append(condition)
          linuxOnly.append(condition == true)
          branches.append(directive)
          continue
        }
        if directive.hasPrefix("elseif") || directive.hasPrefix("elif"), !conditions.isEmpty {
          let condition = linuxCondition(directive)
          conditions[conditions.count - 1] = condition
          linuxOnly[linuxOnly.count - 1] = condition == true
          branches[branches.count - 1] = directive
          continue
        }
        if directive.hasPrefix("else"), !conditions.isEmpty {
          linuxOnly[linuxOnly.count - 1] = conditions.last! == false
          branches[branches.count - 1] = ""
          continue
        }
        if directive.hasPrefix("endif"), !conditions.isEmpty {
          conditions.removeLast()
          linuxOnly.removeLast()
          branches.removeLast()
          continue
        }
      }
      guard !linuxOnly.contains(true) else { continue }
      // Text in quotes names nothing; a comment says nothing.
      let code = (line.replacing(/"([^"\\]|\\.)*"/, with: "\"\"").components(separatedBy: "//").first ?? line)
      // A module imported where the branch asks whether it can be (`#if canImport(FoundationNetworking)`).
      if !isC, let module = importedModule(code), branches.contains(where: { $0.contains("canImport(\(module))") && !$0.contains("!canImport") }) {
        continue
      }
      if let breach = breach(code, isC: isC, ownModules: ownModules) {
        breaches.append(Breach(path: path, line: index + 1, text: breach))
      }
    }
    return breaches
  }

  /// Whether a conditional's words name Linux (true), Linux's negation (false), or neither (nil).
  static func linuxCondition(_ directive: String) -> Bool? {
    let atoms = ["os(Linux)", "canImport(Glibc)", "canImport(Musl)", "defined(__linux__)", "__linux__"]
    // A condition that joins Linux with something else by "or" compiles elsewhere too.
    guard !directive.contains("||") else { return nil }
    if directive.hasPrefix("ifndef") { return directive.contains("__linux__") ? false : nil }
    for atom in atoms where directive.contains(atom) {
      return !directive.contains("!" + atom)
    }
    return nil
  }

  /// What in `code`, a line outside every guard, only Linux compiles; nil when nothing.
  static func breach(_ code: String, isC: Bool, ownModules: Set<String>) -> String? {
    if isC, code.hasPrefix("#include <") {
      let header = code.dropFirst("#include <".count).prefix { $0 != ">" }
      return portableHeaders.contains(String(header)) ? nil : "#include <\(header)>"
    }
    if !isC, let module = importedModule(code) {
      let top = String(module.prefix { $0 != "." })
      return portableModules.union(ownModules).contains(top) ? nil : "import \(top)"
    }
    return linuxOnlyNames.first { code.contains($0) }
  }

  /// The module a Swift import line names, if the line is an import.
  static func importedModule(_ code: String) -> String? {
    var words = code.split(separator: " ").map(String.init)
    while let first = words.first, first.hasPrefix("@") || ["package", "public", "internal", "private", "fileprivate"].contains(first) {
      words.removeFirst()
    }
    guard words.first == "import", words.count >= 2 else { return nil }
    let kinds = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
    return kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
  }
}
