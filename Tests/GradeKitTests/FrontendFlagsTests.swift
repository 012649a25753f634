import Foundation
@testable import GradeProcesses
import Testing

/// What a frontend the grader runs itself is told: the toolchain's plugins on Linux, the SDK and its plugins' servers on a Mac.
@Suite("A type-checked dump's frontend flags")
struct FrontendFlagsTests {
  @Test("Without an SDK (Linux) the dump gets the toolchain's in-process server and plugins, as it always did, and no SDK")
  func linux() {
    #expect(Toolchain.sdkFlags(sdk: nil).isEmpty)
    #expect(
      Toolchain.frontendFlags(toolchain: "/usr", sdk: nil, platform: nil) == [
        "-in-process-plugin-server-path", "/usr/lib/swift/host/libSwiftInProcPluginServer.so", "-plugin-path", "/usr/lib/swift/host/plugins",
      ])
    #expect(Toolchain.interfaceFolders(toolchain: "/usr", mac: false, sdk: nil, platform: nil) == ["/usr/lib/swift/linux"])
    #if os(Linux)
      #expect(Toolchain.hostFrontendFlags == Toolchain.frontendFlags(toolchain: Toolchain.folder(), sdk: nil, platform: nil))
      #expect(Toolchain.hostInterfaceFolders(toolchain: "/usr") == ["/usr/lib/swift/linux"])
      #expect(FileManager.default.isExecutableFile(atPath: Toolchain.frontend))
    #endif
  }

  @Test("On a Mac the dump gets the SDK, the toolchain's .dylib server, and the SDK's and platform's plugins with their server, as the driver passes them")
  func mac() {
    let developer = "/Applications/Xcode.app/Contents/Developer"
    let toolchain = developer + "/Toolchains/XcodeDefault.xctoolchain/usr"
    let platform = developer + "/Platforms/MacOSX.platform"
    let sdk = platform + "/Developer/SDKs/MacOSX.sdk"
    #expect(Toolchain.sdkFlags(sdk: sdk) == ["-sdk", sdk])
    #expect(
      Toolchain.frontendFlags(toolchain: toolchain, sdk: sdk, platform: platform) == [
        "-sdk", sdk,
        "-in-process-plugin-server-path", toolchain + "/lib/swift/host/libSwiftInProcPluginServer.dylib",
        "-plugin-path", toolchain + "/lib/swift/host/plugins",
        "-external-plugin-path", sdk + "/usr/lib/swift/host/plugins#" + sdk + "/usr/bin/swift-plugin-server",
        "-external-plugin-path", platform + "/Developer/usr/lib/swift/host/plugins#" + platform + "/Developer/usr/bin/swift-plugin-server",
      ])
    #expect(
      Toolchain.interfaceFolders(toolchain: toolchain, mac: true, sdk: sdk, platform: platform) == [
        toolchain + "/lib/swift/macosx", sdk + "/usr/lib/swift", platform + "/Developer/Library/Frameworks/Testing.framework/Modules",
      ])
  }
}
