
/// The whole environment a graded test binary gets: the same for every run, so
/// that nothing in it tells one variant from another, and nothing of the grader's.
enum BoxEnvironment {
  /// The variables, by name.
  static let variables: [String: String] = [
    "PATH": "/usr/bin:/bin",
    "HOME": "/tmp",
    "TMPDIR": "/tmp",
    "LANG": "C.UTF-8",
    // The backtracer's symbolication takes seconds per crash and adds nothing a learner reads.
    "SWIFT_BACKTRACE": "enable=no",
    "NO_COLOR": "1",
  ]

  /// `NAME=value` words for the launcher's `--env`, sorted so every run's command line is the same.
  static var words: [String] { variables.keys.sorted().map { "\($0)=\(variables[$0]!)" } }
}
