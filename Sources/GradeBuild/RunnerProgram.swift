import Foundation
import GradeWire

/// The program inside the box: where its sources are, and what the grader knows of it.
///
/// The runner is real Swift and C files, `Sources/GradeRunner` (the entry point),
/// `Sources/GradeWire` (the orders and record seals it shares with the grader) and
/// `Sources/GradeRunnerC` (confinement and shims). SwiftPM compiles each of them as a
/// target, so the build checks them; the grader compiles the same files once per
/// toolchain and sanitizer (`Compiler.runnerObject`, `Compiler.shimObject`) and links them
/// into every graded program.
package enum RunnerProgram {
  /// The module the entry point is compiled as.
  static let moduleName = "__GradeRunner"

  /// The file name of the tests library the entry point loads from its own folder.
  package static let testsLibrary = BoxWire.testsLibrary

  /// The package's `Sources` folder, where this file was compiled from.
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

  /// The entry point's Swift files, the shared wire types included, in name order.
  static var swiftFiles: [URL] {
    ["GradeRunner", "GradeWire"].flatMap { folder -> [URL] in
      let url = sources.appending(path: folder)
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
      return names.map { url.appending(path: $0) }
    }
  }

  /// The folder of the C files and, under `include`, their header.
  static var cFolder: URL { sources.appending(path: "GradeRunnerC") }

  /// The C files linked into every program, and those linked into ThreadSanitizer programs
  /// only or into the others only (`tsan`).
  static func cFiles(threadSanitizer: Bool) -> [String] {
    ["ActiveMutant", "Confinement", "DispatchShim", "LateEvents", "Original", "WaitShim"] + (threadSanitizer ? ["MutexShim"] : ["LateDispatch"])
  }

  /// Every file the runner is built from: what a variant's cache key holds of it.
  static func allFiles(threadSanitizer: Bool) -> [URL] {
    swiftFiles + cFiles(threadSanitizer: threadSanitizer).map { cFolder.appending(path: "\($0).c") }
      + [cFolder.appending(path: "include/GradeRunnerC.h")]
  }
}
