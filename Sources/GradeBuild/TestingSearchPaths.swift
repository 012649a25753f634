import GradeProcesses

/// Where a Mac keeps the testing libraries a graded program compiles and links against.
///
/// On Linux Swift Testing and XCTest sit in the toolchain, where the compiler looks. On a Mac
/// they sit in the macOS platform's `Developer` folder (`Toolchain.applePlatform`), where it
/// does not: SwiftPM adds these same paths to every target there (its host Swift SDK), and the
/// grader's own compiles add them too.
package enum TestingSearchPaths {
  /// The flags that let a compile find the testing modules in `platform`, a platform folder; none without one.
  package static func compileFlags(platform: String?) -> [String] {
    guard let platform else { return [] }
    return ["-F", frameworks(platform), "-I", libraries(platform)]
  }

  /// The flags that let a link find the testing libraries in `platform`, and the program find them when it runs.
  static func linkFlags(platform: String?) -> [String] {
    guard let platform else { return [] }
    return ["-F", frameworks(platform), "-L", libraries(platform)]
      + [frameworks(platform), libraries(platform)].flatMap { ["-Xlinker", "-rpath", "-Xlinker", $0] }
  }

  /// The flags that link Swift Testing: a library in the toolchain, a framework in a Mac's platform.
  static func testingLibrary(platform: String?) -> [String] {
    platform == nil ? ["-lTesting"] : ["-framework", "Testing"]
  }

  /// This machine's platform folder: a Mac's, or `nil`.
  package static let host = Toolchain.applePlatform

  private static func frameworks(_ platform: String) -> String { platform + "/Developer/Library/Frameworks" }
  private static func libraries(_ platform: String) -> String { platform + "/Developer/usr/lib" }
}
