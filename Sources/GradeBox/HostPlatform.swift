
/// The operating system `grade` runs on, and what `grade` does there.
///
/// Linux grades everything, in the Linux box (`BoxKind.linux`). macOS grades a learner's
/// own work (`Use.learning`) in the Darwin box, which says plainly what it holds
/// (`Isolation.notice`); grades that count (`Use.gradesCount`: a class, Gradescope, a
/// student copy) are made on Linux only, where the README's threat model holds, and
/// macOS is told how to make them in a Linux container. Any other system grades nothing.
public enum HostPlatform: Sendable, Equatable {
  /// Linux: everything `grade` does.
  case linux
  /// macOS: `swift test`, Xcode, and a learner's own grading in the Darwin box.
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

  /// What a command is for, which decides the systems it runs on.
  public enum Use: Sendable, Equatable {
    /// Reads and runs nothing: help, on any system.
    case anywhere
    /// A learner's own loop, and `grade check`: Linux, and macOS in the Darwin box.
    case learning
    /// Grades that count (`grade class`, `grade autograde`, `grade release`): Linux only.
    case gradesCount
  }

  /// Why `grade` stops at once on `platform` for a command of `use` whose word is `command`
  /// (empty for grading), and what to run instead; `nil` where it runs.
  public static func refusal(on platform: HostPlatform, for use: Use, command: String = "") -> String? {
    let name: String
    switch (platform, use) {
    case (_, .anywhere), (.linux, _), (.macOS, .learning): return nil
    case (.macOS, .gradesCount):
      return """
        grade: grades that count are made on Linux only, and this is macOS. On macOS grade gives you feedback in a lighter box (Seatbelt and limits, without Linux's namespaces, Landlock and seccomp), which cannot promise an honest grade to anyone else.
        Run it in a Linux container from the workbook's folder (Docker or another OCI runtime, or the folder's dev container), with the same arguments after it:
          \(([containerCommand] + (command.isEmpty ? [] : [command])).joined(separator: " "))
        """
    case (.other(let other), _): name = other
    }
    return """
      grade: grading needs Linux or macOS, and this is \(name). Each run is boxed with what those systems have, so grade cannot promise honest feedback here.
      Here, `swift test` runs every lesson's tests.
      To grade, run this from the workbook's folder (Docker or another OCI runtime, or reopen the folder in its dev container and run swift run grade):
        \(containerCommand)
      """
  }
}
