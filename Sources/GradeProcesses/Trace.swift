import Foundation

/// Prints how long a phase took when `GRADE_TRACE=1`, for finding where time goes.
package func trace(_ phase: String, since start: ContinuousClock.Instant) {
  guard ProcessInfo.processInfo.environment["GRADE_TRACE"] == "1" else { return }
  FileHandle.standardError.write(Data(String(format: "grade: %6.3f s  %@\n", seconds(since: start), phase).utf8))
}

/// The seconds since `start`, with their fraction.
package func seconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
