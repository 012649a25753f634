#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The box's protocol between the grader and the program it runs, both sides of it: which
/// descriptor carries what, the tests library's name, the loop that writes, and the exit
/// statuses the runner ends with.
///
/// This file is compiled into the grader and into the runner (`GradeRunner`), so the two
/// sides cannot disagree on a number.
public enum BoxWire {
  /// The descriptor the runner writes its sealed records to (`RecordSeal`), and the grader reads.
  public static let eventsDescriptor: Int32 = 3
  /// The descriptor the grader writes the run's orders to (`RunOrders`), and the runner reads
  /// and closes before any code under test loads.
  public static let ordersDescriptor: Int32 = 4
  /// The file name of the tests' library, beside the runner: what the runner loads.
  public static let testsLibrary = "libGradeTests.so"

  /// How the runner ends: what its exit status says.
  public enum Exit: Int32, Sendable {
    /// Every test passed.
    case passed = 0
    /// Some test failed.
    case failed = 1
    /// The tests' library could not be loaded (a missing symbol, say).
    case cannotLoadTests = 70
    /// This Swift Testing has no entry point for tools.
    case noEntryPoint = 71
    /// The run could not be confined, so it did not run at all.
    case cannotConfine = 72
  }

  /// Writes all of `bytes` to `descriptor`, again after an interruption; `false` when the
  /// descriptor refuses them (the reader is gone).
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}
