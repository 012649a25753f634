import Foundation
import Synchronization

/// The Swift toolchain: where it is, and its version, which is part of every build's and result's key.
package enum Toolchain {
  /// The toolchain's `usr` folder: two levels above the real `swiftc` on the `PATH`; on a Mac,
  /// above the `swiftc` that `xcrun` finds, as SwiftPM finds it, since the one on the `PATH`
  /// (`/usr/bin/swiftc`) only hands over to it.
  package static func folder() -> String {
    if let found = xcrun(["--find", "swiftc"]) {
      return URL(fileURLWithPath: found).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appending(path: "swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
      }
    }
    return "/usr"
  }

  /// The macOS SDK (`xcrun --sdk macosx --show-sdk-path`); `nil` where there is no `xcrun`.
  package static var appleSDK: String? { xcrun(["--sdk", "macosx", "--show-sdk-path"]) }

  /// The macOS platform folder, whose `Developer` folder holds Swift Testing and XCTest
  /// (`xcrun --sdk macosx --show-sdk-platform-path`); `nil` where there is no `xcrun`.
  package static var applePlatform: String? { xcrun(["--sdk", "macosx", "--show-sdk-platform-path"]) }

  /// What `xcrun` prints for `arguments`, asked once per process; `nil` on Linux, or when it fails.
  private static func xcrun(_ arguments: [String]) -> String? {
    #if canImport(Darwin)
      let key = arguments.joined(separator: " ")
      if let known = xcrunAnswers.withLock({ $0[key] }) { return known }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return nil }
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let said = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      let answer: String? = process.terminationStatus == 0 && !said.isEmpty ? said : nil
      xcrunAnswers.withLock { $0[key] = answer }
      return answer
    #else
      return nil
    #endif
  }

  private static let xcrunAnswers = Mutex<[String: String?]>([:])

  private static let cached = Mutex<String?>(nil)

  /// The first line of `swiftc --version`, asked once per process, and remembered
  /// across processes in `rememberedIn` while the compiler binary stays the same file.
  ///
  /// Asking `swiftc` takes a third of a second, which a learner's one-line edit would
  /// otherwise pay on every grading.
  package static func version(spawner: Spawner, rememberedIn file: URL? = nil) -> String {
    if let known = cached.withLock({ $0 }) { return known }
    let identity = compilerIdentity()
    if let file, let said = try? String(contentsOf: file, encoding: .utf8) {
      let lines = said.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.count >= 2, lines[0] == identity, !lines[1].isEmpty {
        cached.withLock { $0 = lines[1] }
        return lines[1]
      }
    }
    let outcome = try? spawner.runDriver(["--version"], until: .now + .seconds(60), streams: .separate)
    let line = outcome?.output.split(separator: "\n").first.map(String.init) ?? "unknown toolchain"
    cached.withLock { $0 = line }
    if let file, outcome?.succeeded == true {
      try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? Data("\(identity)\n\(line)\n".utf8).write(to: file, options: .atomic)
    }
    return line
  }

  /// The compiler's path, size and modification time: a changed toolchain changes it.
  private static func compilerIdentity() -> String {
    let frontend = URL(fileURLWithPath: folder()).appending(path: "bin/swift-frontend").path
    let attributes = (try? FileManager.default.attributesOfItem(atPath: frontend)) ?? [:]
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
    return "\(frontend) \(size) \(modified)"
  }
}
