// The grader's entry point of every graded run. It is the grader's, not the learner's.
import Foundation
import Testing

#if canImport(GradeWire)
  import GradeWire
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts Swift Testing in a graded run, after taking everything the run must not give away.
///
/// A run is one program, `tests`: this entry point linked either alone (to run tests of
/// the learner's own module, which comes as a library beside it) or with one variant's
/// code (to run a learner's tests against it). The tests are a library,
/// `libGradeTests.so`, that the entry point loads last, so that no code under test or
/// test runs before these steps, in this order:
///
/// 1. It reads its orders (`RunOrders`) from descriptor 4 and closes it.
/// 2. It makes the process undumpable and confines it (`grade_confine` in
///    `Confinement.c`): the files it may read, write and start, and the system calls it
///    may make, are listed; everything else is refused.
/// 3. It loads the tests and hands Swift Testing a handler that writes every record to
///    descriptor 3, sealed with the run's key (`RecordSeal`).
@main enum GradeRunner {
  private typealias EntryPoint = @convention(thin) @Sendable (
    _ configurationJSON: UnsafeRawBufferPointer?, _ recordHandler: @escaping @Sendable (_ recordJSON: UnsafeRawBufferPointer) -> Void
  ) async throws -> Bool

  /// Swift Testing's configuration, in its own field names.
  private struct Configuration: Encodable {
    var filter: [String]?
    var parallel: Bool
    var repetitions: Int?
    var eventStreamVersion = 0
  }

  private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
  private typealias Confine = @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, Int32) -> Int32
  private typealias GetEntryPoint = @convention(c) () -> UnsafeRawPointer
  private typealias SetMutant = @convention(c) (Int64) -> Void
  private typealias StartLateEvents = @convention(c) () -> Int32

  static func main() async {
    // 1. The orders, before anything the run tests is loaded. Swift Testing starts this program
    // again for each exit test, with no orders: that child inherits the confinement.
    let orders = readAll(BoxWire.ordersDescriptor).flatMap { try? JSONDecoder().decode(RunOrders.self, from: Data($0)) }
    close(BoxWire.ordersDescriptor)
    _ = fcntl(BoxWire.eventsDescriptor, F_SETFD, FD_CLOEXEC)
    // The mutant a schema's code runs, set before any of it runs (`ActiveMutant.c`).
    if let mutant = orders?.mutant, mutant != 0, let set = cFunction("grade_set_active_mutant", as: SetMutant.self) { set(mutant) }
    // 2. Confined, before the tests load.
    // Linux's prctl, found by name so that a Mac, which has none, compiles this file too.
    if let processControl = cFunction("prctl", as: Prctl.self) {
      _ = processControl(4, 0, 0, 0, 0)  // PR_SET_DUMPABLE: no one reads this process's memory through /proc.
    }
    if let orders, orders.confined {
      let status = confine(orders.allowed)
      // 1: a kernel without Landlock, which confines the system calls alone.
      guard status == 0 || status == 1 else { fail("the run could not be confined (step \(status))", status: .cannotConfine) }
    }
    // The late-events run holds the code under test's executor jobs back from here on (`LateEvents.c`).
    if orders?.lateEvents == true {
      guard let start = cFunction("grade_late_events_start", as: StartLateEvents.self), start() == 0 else {
        fail("the late-events run could not start", status: .cannotConfine)
      }
    }
    // 3. The tests.
    guard dlopen(programFolder() + "/" + BoxWire.testsLibrary, RTLD_NOW | RTLD_GLOBAL) != nil else {
      fail("the tests could not be loaded: \(dlerror().map { String(cString: $0) } ?? "unknown")", status: .cannotLoadTests)
    }
    guard let getEntryPoint = cFunction("swt_abiv0_getEntryPoint", as: GetEntryPoint.self) else {
      fail("this Swift Testing has no entry point for tools", status: .noEntryPoint)
    }
    let entryPoint = unsafeBitCast(getEntryPoint(), to: EntryPoint.self)
    guard let orders, let seal = RecordSeal(key: orders.key) else {
      let passed = (try? await entryPoint(nil) { _ in }) ?? false
      exit((passed ? BoxWire.Exit.passed : .failed).rawValue)
    }
    let stream = EventStream(descriptor: BoxWire.eventsDescriptor, seal: seal)
    Sleeps.shared.stream = stream
    Sleeps.shared.enabled = orders.waitsForEvents
    let configuration = Configuration(
      filter: orders.filters, parallel: orders.parallel, repetitions: orders.repetitions > 1 ? orders.repetitions : nil)
    let json = (try? JSONEncoder().encode(configuration)) ?? Data("{}".utf8)
    // Kept until the process ends, which is when the entry point returns.
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: json.count, alignment: 1)
    bytes.copyBytes(from: json)
    let passed = (try? await entryPoint(UnsafeRawBufferPointer(bytes)) { stream.forward($0) }) ?? false
    // A test that waited for time, or was cancelled from inside, failed in the records, though
    // Swift Testing did not see it fail.
    let cancelled = stream.lock.withLock { stream.sawCancellation }
    exit((passed && !Sleeps.shared.reported && !cancelled ? BoxWire.Exit.passed : .failed).rawValue)
  }

  /// Confines this process to `allowed` (`grade_confine`); 0 when it is, else the step that failed.
  private static func confine(_ allowed: [RunOrders.AllowedPath]) -> Int32 {
    #if os(Linux)
      guard let grade = cFunction("grade_confine", as: Confine.self) else { return -100 }
      let paths = allowed.map { strdup($0.path) }
      defer { paths.forEach { free($0) } }
      let uses = allowed.map(\.use.rawValue)
      let pointers = paths.map { UnsafePointer($0) }
      return pointers.withUnsafeBufferPointer { paths in
        uses.withUnsafeBufferPointer { uses in grade(paths.baseAddress, uses.baseAddress, Int32(allowed.count)) }
      }
    #else
      // A Mac has neither Landlock nor seccomp, and `Confinement.c` is Linux's alone: there the
      // box confines the whole run from outside (Seatbelt) before this program starts.
      return 0
    #endif
  }

  /// The folder this program is in, from the kernel: on Linux the command line comes from
  /// `/proc/self/cmdline`, which an exit test's process, confined from its start, cannot read.
  private static func programFolder() -> String {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
      guard count > 0 else { return "." }
      let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      let path = CommandLine.arguments.first ?? "."
    #endif
    return (path as NSString).deletingLastPathComponent
  }

  private static func fail(_ message: String, status: BoxWire.Exit) -> Never {
    FileHandle.standardError.write(Data("grade: \(message)\n".utf8))
    exit(status.rawValue)
  }

  private static func readAll(_ descriptor: Int32) -> [UInt8]? {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return data }
      data += buffer[0..<count]
    }
  }
}
