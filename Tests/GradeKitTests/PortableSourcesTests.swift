import Foundation
import Testing

/// Every target builds on macOS by construction: what only Linux compiles sits inside a Linux guard.
///
/// Nothing here compiles for macOS, so these tests read every Swift and C file the package
/// builds (`LinuxGuards`): outside a guard a Swift file imports only modules every platform
/// has and the package's own, a C file includes only C's and POSIX's headers, and neither
/// names Linux's own calls. The macOS job in CI is the proof; this keeps a Linux-only line
/// from reaching it.
@Suite("Linux-only code sits inside a Linux guard")
struct PortableSourcesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardizedFileURL

  /// The package's own modules: its source targets, its test targets, and each lesson module,
  /// named by its canonical tests' folder.
  static var ownModules: Set<String> {
    let manager = FileManager.default
    let sources = (try? manager.contentsOfDirectory(atPath: root.appending(path: "Sources").path)) ?? []
    let tests = (try? manager.contentsOfDirectory(atPath: root.appending(path: "Tests").path)) ?? []
    let lessons = tests.filter { $0.hasSuffix("Tests") }.map { String($0.dropLast("Tests".count)) }
    return Set(sources + tests + lessons)
  }

  @Test("No Swift or C file the package builds uses Linux's own modules, headers or calls outside a Linux guard")
  func everyFile() throws {
    let own = Self.ownModules
    #expect(own.contains("GradeRunnerC") && own.contains("ApproachableConcurrency"), "\(own.sorted())")
    var read = 0
    var breaches: [LinuxGuards.Breach] = []
    for folder in ["Sources", "Tests", "Lessons", "Solutions"] {
      let base = Self.root.appending(path: folder)
      let files = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
      for case let file as URL in files where ["swift", "c", "h"].contains(file.pathExtension) {
        let path = folder + "/" + file.path.dropFirst(base.path.count + 1)
        // Fixtures are text for other tests, some of them hostile on purpose.
        guard !path.contains("/Fixtures/"), !path.contains("/Golden/") else { continue }
        read += 1
        breaches += LinuxGuards.breaches(in: try String(contentsOf: file, encoding: .utf8), path: path, ownModules: own)
      }
    }
    #expect(read > 100, "read \(read) files")
    #expect(breaches.isEmpty, "\(breaches.map(\.description).joined(separator: "\n"))")
  }

  @Test(
    "A guard is seen in Swift and C, with its #else and #elseif; what sits outside one is named",
    arguments: [
      ("import Foundation\nimport Glibc\n", "x.swift", ["import Glibc"]),
      ("#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#endif\n", "x.swift", []),
      ("#if os(Linux)\n  import Glibc\n#else\n  import Darwin\n#endif\n", "x.swift", ["import Darwin"]),
      ("#if !os(Linux)\n  let a = 1\n#else\n  _ = prctl(4, 0, 0, 0, 0)\n#endif\n", "x.swift", []),
      ("_ = prctl(4, 0, 0, 0, 0)  // PR_SET_DUMPABLE\n", "x.swift", ["prctl("]),
      ("// prctl(4) is Linux's\nlet words = \"\"\"\n  import Glibc\n  \"\"\"\n", "x.swift", []),
      ("@testable import GradeKit\nimport struct Foundation.URL\nimport ExpectRequire\n", "x.swift", []),
      ("#if canImport(FoundationNetworking)\n  import FoundationNetworking\n#endif\nimport FoundationNetworking\n", "x.swift", ["import FoundationNetworking"]),
      ("let names = [\"prctl(\", \"epoll_\"]  // in quotes: words, not calls\n", "x.swift", []),
      ("#include <stdint.h>\n#include <sys/prctl.h>\n", "x.c", ["#include <sys/prctl.h>"]),
      ("#if defined(__linux__)\n#include <linux/seccomp.h>\n#if defined(__x86_64__)\nint a;\n#endif\n#include <sys/epoll.h>\n#endif\n", "x.c", []),
      ("#if defined(__x86_64__) || defined(__linux__)\n#include <sys/prctl.h>\n#endif\n", "x.c", ["#include <sys/prctl.h>"]),
    ])
  func scanner(text: String, path: String, found: [String]) {
    let breaches = LinuxGuards.breaches(in: text, path: path, ownModules: ["GradeKit", "ExpectRequire"])
    #expect(breaches.map(\.text) == found)
  }
}
