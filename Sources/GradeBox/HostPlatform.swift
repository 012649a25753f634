
/// The operating system `grade` runs on, and whether it can grade there.
///
/// Grading boxes every run with what only Linux has: namespaces, mounts and limits
/// (`Launcher`), Landlock and seccomp, and `/proc`, and it reads the code it
/// built as ELF. On any other system the grader cannot promise what the README's
/// threat model says, so it grades nothing there and says how to grade in a Linux
/// container instead; `swift test` still runs every lesson's tests natively.
public enum HostPlatform: Sendable, Equatable {
  /// Linux: everything `grade` does.
  case linux
  /// macOS: `swift test` and Xcode, but no grading.
  case macOS
  /// Any other system, by name.
  case other(String)

  /// The platform this grader was compiled for.
  public static var current: HostPlatform {
    #if os(Linux)
      .linux
    #elseif os(macOS)
      .macOS
    #elseif os(Windows)
      .other("Windows")
    #else
      .other("this system")
    #endif
  }

  /// The command that grades the workbook in the current folder in the official Swift
  /// image, with the container's build folder kept in a volume of its own, apart
  /// from the host's `.build`.
  public static let containerCommand =
    #"docker run --rm -it -v "$PWD":/workbook -v workbook-build:/workbook/.build -w /workbook swift:6.3.1 swift run grade"#

  /// Why `grade` stops at once on `platform`, and what to run instead; `nil` where it grades.
  public static func refusal(on platform: HostPlatform) -> String? {
    let name: String
    switch platform {
    case .linux: return nil
    case .macOS: name = "macOS"
    case .other(let other): name = other
    }
    return """
      grade: grading needs Linux, and this is \(name). Each run is boxed with Linux's namespaces, Landlock and seccomp, which \(name) does not have, so grade cannot promise honest feedback here.
      Here, `swift test` runs every lesson's tests (in Xcode: open Package.swift and press ⌘U).
      To grade, run this from the workbook's folder (Docker or another OCI runtime, or reopen the folder in its dev container and run swift run grade):
        \(containerCommand)
      """
  }
}
