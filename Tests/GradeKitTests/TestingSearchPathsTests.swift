@testable import GradeBuild
import Testing

/// Where the grader's compiles find the testing libraries: the toolchain on Linux, a Mac's platform folder there.
@Suite("Testing libraries' search paths")
struct TestingSearchPathsTests {
  @Test("Without a platform folder (Linux) nothing is added, so Linux's compiles and their keys stay as they were")
  func linux() {
    #expect(TestingSearchPaths.compileFlags(platform: nil).isEmpty)
    #expect(TestingSearchPaths.linkFlags(platform: nil).isEmpty)
    #expect(TestingSearchPaths.testingLibrary(platform: nil) == ["-lTesting"])
    #if os(Linux)
      #expect(TestingSearchPaths.host == nil)
      #expect(Compiler.flags(swiftVersion: 6) == ["-swift-version", "6", "-Onone", "-parse-as-library", "-diagnostic-style=llvm"])
    #endif
  }

  @Test("A Mac's platform folder gives the frameworks and libraries folders to the compile, the link and the running program")
  func mac() {
    let platform = "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform"
    let frameworks = platform + "/Developer/Library/Frameworks"
    let libraries = platform + "/Developer/usr/lib"
    #expect(TestingSearchPaths.compileFlags(platform: platform) == ["-F", frameworks, "-I", libraries])
    #expect(
      TestingSearchPaths.linkFlags(platform: platform) == [
        "-F", frameworks, "-L", libraries, "-Xlinker", "-rpath", "-Xlinker", frameworks, "-Xlinker", "-rpath", "-Xlinker", libraries,
      ])
    #expect(TestingSearchPaths.testingLibrary(platform: platform) == ["-framework", "Testing"])
  }
}
