extension Toolchain {
  /// The toolchain's frontend, for a type-checked dump the grader runs itself: on a Mac no
  /// `swift-frontend` is on the `PATH` (`/usr/bin` holds only `xcrun`'s `swiftc` and `swift`).
  package static var frontend: String { folder() + "/bin/swift-frontend" }

  /// The flags that give such a frontend the SDK `swiftc` would: a Mac's (`sdk`, as `xcrun`
  /// finds it), without which not even the standard library loads; none on Linux, whose
  /// toolchain holds it.
  package static func sdkFlags(sdk: String?) -> [String] {
    sdk.map { ["-sdk", $0] } ?? []
  }

  /// The SDK's flags (`sdkFlags`) and those `swiftc` gives the frontend to find the macro
  /// plugins: without them `@Observable` and `#expect` do not expand in the dump.
  ///
  /// On Linux the toolchain holds every plugin, and its in-process plugin server is a `.so`.
  /// On a Mac (`sdk` and `platform` given, as `xcrun` finds them) the server is a `.dylib`, and
  /// the SDK's and the platform's plugins (Swift Testing's macros among them) run in their
  /// own `swift-plugin-server`, as the driver passes them there.
  package static func frontendFlags(toolchain: String, sdk: String?, platform: String?) -> [String] {
    let host = toolchain + "/lib/swift/host"
    let server = sdk == nil ? "libSwiftInProcPluginServer.so" : "libSwiftInProcPluginServer.dylib"
    var flags = sdkFlags(sdk: sdk) + ["-in-process-plugin-server-path", host + "/" + server, "-plugin-path", host + "/plugins"]
    for folder in [sdk, platform.map { $0 + "/Developer" }].compactMap(\.self) {
      flags += ["-external-plugin-path", folder + "/usr/lib/swift/host/plugins#" + folder + "/usr/bin/swift-plugin-server"]
    }
    return flags
  }

  /// `frontendFlags` for this machine's toolchain.
  package static var hostFrontendFlags: [String] { frontendFlags(toolchain: folder(), sdk: appleSDK, platform: applePlatform) }
}

extension Toolchain {
  /// The folders that hold the platform's module interfaces (`<Module>.swiftmodule/*.swiftinterface`):
  /// on Linux the toolchain's; on a Mac (`mac`) the toolchain's, the SDK's (`sdk`, where the
  /// standard library's are) and Swift Testing's framework in the platform folder (`platform`).
  package static func interfaceFolders(toolchain: String, mac: Bool, sdk: String?, platform: String?) -> [String] {
    guard mac else { return [toolchain + "/lib/swift/linux"] }
    return [toolchain + "/lib/swift/macosx"] + (sdk.map { [$0 + "/usr/lib/swift"] } ?? [])
      + (platform.map { [$0 + "/Developer/Library/Frameworks/Testing.framework/Modules"] } ?? [])
  }

  /// `interfaceFolders` of this machine's toolchain.
  package static func hostInterfaceFolders(toolchain: String) -> [String] {
    #if canImport(Darwin)
      interfaceFolders(toolchain: toolchain, mac: true, sdk: appleSDK, platform: applePlatform)
    #else
      interfaceFolders(toolchain: toolchain, mac: false, sdk: nil, platform: nil)
    #endif
  }
}
