import Foundation
import GradeCatalog

extension Spawner {
  /// Runs the Swift driver, `swiftc` with `arguments`, with a temporary folder of the run's own
  /// (`TMPDIR`), and returns what `read` makes of its outcome and that folder, which is then removed.
  ///
  /// The driver keeps its scratch files in a folder it makes in the temporary folder, and
  /// removes it only after a compile that succeeded: after a compile error, or a question
  /// (`--version`, `-###`), the folder stays, one more in the system's temporary folder for
  /// every grading of a broken edit. Every `swiftc` the grader starts goes through here.
  package func runDriver<Value>(
    _ arguments: [String], in directory: URL? = nil, until deadline: ContinuousClock.Instant, streams: Streams = .merged,
    scratchParent: URL = FileManager.default.temporaryDirectory,
    _ read: (ProcessOutcome, URL) throws(GradeError) -> Value
  ) throws(GradeError) -> Value {
    let manager = FileManager.default
    let scratch = scratchParent.appending(path: "grade-driver-\(UUID().uuidString)")
    do {
      try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      throw .infrastructure("cannot make a folder for the compiler's scratch files in \(scratchParent.path): \(error.localizedDescription)")
    }
    defer { try? manager.removeItem(at: scratch) }
    let outcome = try run(
      ["swiftc"] + arguments, in: directory, environment: .inherited(adding: ["TMPDIR": scratch.path]), until: deadline,
      streams: streams)
    return try read(outcome, scratch)
  }

  /// Runs the Swift driver, `swiftc` with `arguments`, as `runDriver(_:in:until:streams:scratchParent:_:)` does, and returns its outcome.
  package func runDriver(
    _ arguments: [String], in directory: URL? = nil, until deadline: ContinuousClock.Instant, streams: Streams = .merged
  ) throws(GradeError) -> ProcessOutcome {
    try runDriver(arguments, in: directory, until: deadline, streams: streams) { outcome, _ in outcome }
  }
}
