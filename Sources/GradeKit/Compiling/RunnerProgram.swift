/// The grader's own entry point of every graded run: the code that starts Swift Testing.
///
/// A run is one program, `tests`: this entry point linked either alone (to run
/// tests of the learner's own module, which comes as a library beside it) or
/// with one variant's code (to run a learner's tests against it). The tests
/// themselves are a library, `libGradeTests.so`, that the entry point loads.
/// The program is mounted execute-only, so no test can read the variant's
/// bytes from its file, and the entry point makes the process undumpable, so
/// no test can read them from memory through `/proc` either.
///
/// The entry point reads its orders from descriptor 4 (`RunOrders`), which it
/// closes before any test runs: a secret token, filters, repetitions. Swift
/// Testing hands it each event as a JSON record, and it writes every record to
/// descriptor 3 as `<token> <sequence> <record>`. Code under test or a test can
/// write to that pipe too, but it knows neither the token nor which numbers
/// are next, so a forged, dropped or reordered record makes the run void.
enum RunnerProgram {
  /// The module the entry point is compiled as.
  static let moduleName = "__GradeRunner"

  /// The file name of the tests library the entry point loads from its own folder.
  static let testsLibrary = "libGradeTests.so"

  /// The exit status when the tests library cannot be loaded (a missing symbol, say).
  static let cannotLoadTests: Int32 = 70

  /// The entry point's source.
  static let source = #"""
    // Written by grade: the entry point of every graded run. It is the grader's, not the learner's.
    import Foundation
    #if canImport(Glibc)
      import Glibc
    #endif

    private typealias EntryPoint = @convention(thin) @Sendable (
      _ configurationJSON: UnsafeRawBufferPointer?, _ recordHandler: @escaping @Sendable (_ recordJSON: UnsafeRawBufferPointer) -> Void
    ) async throws -> Bool

    /// What the grader asks of this run, read from descriptor 4.
    private struct Orders: Decodable {
      var token: String
      var filters: [String]?
      var parallel: Bool
      var repetitions: Int
    }

    /// Swift Testing's configuration, in its own field names.
    private struct Configuration: Encodable {
      var filter: [String]?
      var parallel: Bool
      var repetitions: Int?
      var eventStreamVersion = 0
    }

    /// Descriptor 3, where every record goes with the token and its number.
    ///
    /// NSLock, not Mutex: this runs in ThreadSanitizer builds too, and ThreadSanitizer on
    /// Linux does not see Mutex's lock.
    private final class Stream: @unchecked Sendable {
      let descriptor: Int32
      let token: [UInt8]
      let lock = NSLock()
      var next = 0

      init(descriptor: Int32, token: String) {
        self.descriptor = descriptor
        self.token = Array(token.utf8)
      }

      func write(_ record: UnsafeRawBufferPointer) {
        lock.withLock {
          var line = token + Array(" \(next) ".utf8)
          line.append(contentsOf: record)
          line.append(UInt8(ascii: "\n"))
          next += 1
          line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
              let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
              if written < 0 {
                if errno == EINTR { continue }
                return
              }
              offset += written
            }
          }
        }
      }
    }

    private func readAll(_ descriptor: Int32) -> [UInt8]? {
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

    private func cFunction<T>(_ name: String, as type: T.Type) -> T? {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
      return unsafeBitCast(symbol, to: type)
    }

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// No test may take a file lock: two runs side by side see the same system files, and a lock
    /// on one would let them tell each other what they found. A seccomp filter refuses flock and
    /// fcntl's locks with EPERM; everything else goes through.
    private func refuseFileLocks(_ prctl: Prctl) {
      #if arch(x86_64)
        let (architecture, fcntl, flock): (UInt32, UInt32, UInt32) = (0xC000_003E, 72, 73)
      #elseif arch(arm64)
        let (architecture, fcntl, flock): (UInt32, UInt32, UInt32) = (0xC000_00B7, 25, 32)
      #else
        return
      #endif
      func statement(_ code: UInt16, _ k: UInt32) -> UInt64 { UInt64(code) | UInt64(k) << 32 }
      func jump(_ k: UInt32, ifEqual: UInt8, otherwise: UInt8) -> UInt64 {
        UInt64(0x15) | UInt64(ifEqual) << 16 | UInt64(otherwise) << 24 | UInt64(k) << 32
      }
      let allow = statement(0x06, 0x7FFF_0000)
      let refuse = statement(0x06, 0x0005_0000 | 1)  // SECCOMP_RET_ERRNO | EPERM
      let lockCommands: [UInt32] = [5, 6, 7, 36, 37, 38]  // F_GETLK, F_SETLK, F_SETLKW and their OFD forms
      var program: [UInt64] = [
        statement(0x20, 4),  // the architecture
        jump(architecture, ifEqual: 1, otherwise: 0),
        allow,
        statement(0x20, 0),  // the system call's number
        jump(flock, ifEqual: UInt8(3 + lockCommands.count), otherwise: 0),
        jump(fcntl, ifEqual: 0, otherwise: UInt8(1 + lockCommands.count)),
        statement(0x20, 24),  // fcntl's command: the low half of its second argument
      ]
      for (index, command) in lockCommands.enumerated() {
        program.append(jump(command, ifEqual: UInt8(lockCommands.count - index), otherwise: 0))
      }
      program += [allow, refuse]
      program.withUnsafeBufferPointer { filter in
        let header: [UInt64] = [UInt64(filter.count), UInt64(UInt(bitPattern: filter.baseAddress))]
        header.withUnsafeBufferPointer { fprog in
          guard prctl(38, 1, 0, 0, 0) == 0 else { return }  // PR_SET_NO_NEW_PRIVS
          _ = prctl(22, 2, UInt(bitPattern: fprog.baseAddress), 0, 0)  // PR_SET_SECCOMP, SECCOMP_MODE_FILTER
        }
      }
    }

    @main private enum GradeRunner {
      static func main() async {
        if let prctl = cFunction("prctl", as: Prctl.self) {
          _ = prctl(4, 0, 0, 0, 0)  // PR_SET_DUMPABLE: no one reads this process's memory through /proc.
          refuseFileLocks(prctl)
        }
        let folder = (CommandLine.arguments[0] as NSString).deletingLastPathComponent
        guard dlopen(folder + "/libGradeTests.so", RTLD_NOW | RTLD_GLOBAL) != nil else {
          let reason = dlerror().map { String(cString: $0) } ?? "unknown"
          FileHandle.standardError.write(Data("grade: the tests could not be loaded: \(reason)\n".utf8))
          exit(70)
        }
        let orders = readAll(4).flatMap { try? JSONDecoder().decode(Orders.self, from: Data($0)) }
        close(4)
        _ = fcntl(3, F_SETFD, FD_CLOEXEC)
        typealias GetEntryPoint = @convention(c) () -> UnsafeRawPointer
        guard let getEntryPoint = cFunction("swt_abiv0_getEntryPoint", as: GetEntryPoint.self) else {
          FileHandle.standardError.write(Data("grade: this Swift Testing has no entry point for tools\n".utf8))
          exit(71)
        }
        let entryPoint = unsafeBitCast(getEntryPoint(), to: EntryPoint.self)
        guard let orders else {
          // Swift Testing starts this program again for each exit test, with no orders: it runs that test.
          let passed = (try? await entryPoint(nil) { _ in }) ?? false
          exit(passed ? 0 : 1)
        }
        let stream = Stream(descriptor: 3, token: orders.token)
        let configuration = Configuration(
          filter: orders.filters, parallel: orders.parallel, repetitions: orders.repetitions > 1 ? orders.repetitions : nil)
        let json = (try? JSONEncoder().encode(configuration)) ?? Data("{}".utf8)
        // Kept until the process ends, which is when the entry point returns.
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: json.count, alignment: 1)
        bytes.copyBytes(from: json)
        let passed = (try? await entryPoint(UnsafeRawBufferPointer(bytes)) { stream.write($0) }) ?? false
        exit(passed ? 0 : 1)
      }
    }

    """#

  /// What a run is told on descriptor 4.
  struct Orders: Encodable, Equatable {
    /// The secret every record the run writes must start with.
    var token: String
    /// Regular expressions of the test IDs to run; all when `nil`.
    var filters: [String]?
    /// Whether tests run in parallel.
    var parallel: Bool
    /// How many times the tests run in one process.
    var repetitions: Int
  }
}
