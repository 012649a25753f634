/// Which box a graded run goes in: the one seam between the grader and the system it runs on.
///
/// Every kind starts the run through the launcher (`Launcher`), with the resource limits
/// (`BoxLimits`) set in the child and the run in a process group of its own, which
/// `Spawner` kills whole at the time limit. The kinds differ in what they add:
///
/// - `linux`: the Linux box, namespaces where the kernel allows, Landlock and seccomp always.
/// - `portable`: nothing more. No namespaces, Landlock, seccomp or Seatbelt: the path a Mac
///   takes, minus Seatbelt, chosen on Linux with `GRADE_BOX=portable` so CI runs it every time.
/// - `darwin`: the portable box inside a Seatbelt profile (`SeatbeltProfile`), through
///   `/usr/bin/sandbox-exec -p`, as SwiftPM runs manifests and plugins on macOS.
///
/// Only where the kind is chosen (`chosen(on:environment:)`) is the environment read.
public enum BoxKind: String, Sendable, Equatable, CaseIterable {
  /// The Linux box: namespaces, Landlock and seccomp.
  case linux
  /// Resource limits and a process group alone.
  case portable
  /// The portable box inside a Seatbelt profile, on macOS.
  case darwin

  /// Whether the kind caps a run's address space (`RLIMIT_AS`): macOS takes the limit but does
  /// not hold a process to it, so the Darwin box does not set it and says memory is not capped.
  public var capsAddressSpace: Bool { self != .darwin }

  /// The environment variable that chooses a box other than the platform's own.
  public static let variable = "GRADE_BOX"

  /// The box `platform` uses when nothing else is chosen.
  public static func standard(on platform: HostPlatform) -> BoxKind {
    switch platform {
    case .linux: .linux
    case .macOS: .darwin
    case .other: .portable
    }
  }

  /// The kinds `platform` can make: its own, and the portable box, which needs only POSIX.
  public static func available(on platform: HostPlatform) -> [BoxKind] {
    let own = standard(on: platform)
    return own == .portable ? [.portable] : [own, .portable]
  }

  /// The box a grader on `platform` uses, given its `environment`: the platform's own unless
  /// `GRADE_BOX` names another it can make; a name it cannot make is refused, never ignored.
  ///
  /// A command whose grades count (`HostPlatform.Use.gradesCount`) takes the platform's own box
  /// only: a lighter one gives a learner feedback, never a grade someone else relies on.
  public static func chosen(
    on platform: HostPlatform, environment: [String: String], for use: HostPlatform.Use = .learning
  ) -> Result<BoxKind, Refused> {
    guard let asked = environment[variable], !asked.isEmpty else { return .success(standard(on: platform)) }
    let kinds = available(on: platform)
    guard let kind = BoxKind(rawValue: asked), kinds.contains(kind) else {
      return .failure(Refused(message: "\(variable)=\(asked) is not a box this system can make; unset it, or use \(kinds.map { "\(variable)=\($0.rawValue)" }.joined(separator: " or "))"))
    }
    if use == .gradesCount, kind != standard(on: platform) {
      return .failure(Refused(message: "\(variable)=\(asked) is a lighter box for a learner's own feedback; grades that count are made in the \(standard(on: platform).rawValue) box only, so unset \(variable)"))
    }
    return .success(kind)
  }

  /// Why a kind asked for cannot be made.
  public struct Refused: Error, Equatable, Sendable {
    /// What is wrong and what to set instead.
    public var message: String
  }
}
