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
    import Testing
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
      var waitsForEvents: Bool
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

      /// Whether the run's end has been written: nothing may follow it.
      var ended = false

      /// Writes one of Swift Testing's records; before a test's end, the issue of a sleep it waited
      /// out, so it counts in that test and that run.
      func forward(_ record: UnsafeRawBufferPointer) {
        let text = record.count < 4096 ? String(decoding: record, as: UTF8.self) : ""
        let isEnd = text.contains(#""kind":"runEnded""#)
        if Sleeps.shared.enabled {
          if isEnd {
            Sleeps.shared.settle(test: nil)
          } else if text.contains(#""kind":"testEnded""#),
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let payload = object["payload"] as? [String: Any], let test = payload["testID"] as? String
          {
            Sleeps.shared.settle(test: test)
          }
        }
        write(record, ending: isEnd)
      }

      /// Writes a record of the grader's own, unless the run has ended.
      func inject(_ record: UnsafeRawBufferPointer) {
        write(record, ending: false, unlessEnded: true)
      }

      func write(_ record: UnsafeRawBufferPointer, ending: Bool, unlessEnded: Bool = false) {
        lock.withLock {
          if unlessEnded, ended { return }
          if ending { ended = true }
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

    /// Real-time waits that began while a test ran, for a task whose tests must wait for events.
    ///
    /// The C side (`RunnerProgram.waitShim`) reports each sleep a task starts, through
    /// libdispatch, and each blocking sleep. A sleep that ran to its end while its test was
    /// running means the test waited for time: an issue is recorded against that test. A
    /// sleep cancelled before its end (a timeout that bounded a wait for an event) is not.
    private final class Sleeps: @unchecked Sendable {
      static let shared = Sleeps()
      let lock = NSLock()
      var enabled = false
      var stream: Stream?
      /// Whether any test was found waiting for time.
      var reported = false
      var next = 1
      var pending: [Int: (task: UnsafeMutableRawPointer, test: String, milliseconds: Int64, deadline: UInt64)] = [:]

      typealias IsCancelled = @convention(thin) (UnsafeMutableRawPointer) -> Bool
      typealias Retain = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
      typealias Release = @convention(c) (UnsafeMutableRawPointer) -> Void
      let isCancelled = cFunction("swift_task_isCancelled", as: IsCancelled.self)
      let retain = cFunction("swift_retain", as: Retain.self)
      let release = cFunction("swift_release", as: Release.self)

      /// Registers a sleep the current task starts; 0 when no test is running or nothing is watched.
      func watch(_ task: UnsafeMutableRawPointer, nanoseconds: Int64) -> Int {
        guard enabled, let test = Test.current, let retain, isCancelled != nil, release != nil else { return 0 }
        _ = retain(task)
        return lock.withLock {
          defer { next += 1 }
          let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, nanoseconds))
          pending[next] = (task, String(describing: test.id), nanoseconds / 1_000_000, deadline)
          return next
        }
      }

      /// A sleep that blocks its thread, which always runs to its end.
      func blocked(nanoseconds: Int64) {
        guard enabled, let test = Test.current else { return }
        report(String(describing: test.id), milliseconds: nanoseconds / 1_000_000)
      }

      /// Decides the sleeps of `test` as it ends (every test's, as the run ends).
      ///
      /// A test waited for time when one of its sleeps ran to its end while it ran and its task
      /// was never cancelled. A timeout that lost its race is not such a wait: whatever it
      /// bounded came first, and it is cancelled, though under load perhaps only after its
      /// deadline. A sleep still running as its test ends was not waited for.
      func settle(test: String?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let ended = lock.withLock {
          let ids = pending.filter { test == nil || $0.value.test == test }.map(\.key)
          return ids.compactMap { pending.removeValue(forKey: $0) }
        }
        for entry in ended {
          if entry.deadline <= now, let isCancelled, !isCancelled(entry.task) { report(entry.test, milliseconds: entry.milliseconds) }
          release?(entry.task)
        }
      }

      private func report(_ test: String, milliseconds: Int64) {
        let text = "This test waited \(milliseconds) ms of real time to pass: it waits for a guessed length of time, "
          + "not for the event. Wait for the event itself (a continuation, a confirmation, the task's value) and bound that wait"
        let record: [String: Any] = [
          "kind": "event", "version": 0,
          "payload": [
            "kind": "issueRecorded", "testID": test, "messages": [["symbol": "fail", "text": text]],
            "issue": ["isKnown": false, "isFailure": true], "_comments": [String](),
          ] as [String: Any],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: record) else { return }
        lock.withLock { reported = true }
        Array(data).withUnsafeBytes { stream?.inject($0) }
      }
    }

    @_cdecl("grade_watch_sleep") public func gradeWatchSleep(_ task: UnsafeMutableRawPointer, _ nanoseconds: Int64) -> Int {
      Sleeps.shared.watch(task, nanoseconds: nanoseconds)
    }
    @_cdecl("grade_blocking_sleep") public func gradeBlockingSleep(_ nanoseconds: Int64) { Sleeps.shared.blocked(nanoseconds: nanoseconds) }

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
        Sleeps.shared.stream = stream
        Sleeps.shared.enabled = orders.waitsForEvents
        let configuration = Configuration(
          filter: orders.filters, parallel: orders.parallel, repetitions: orders.repetitions > 1 ? orders.repetitions : nil)
        let json = (try? JSONEncoder().encode(configuration)) ?? Data("{}".utf8)
        // Kept until the process ends, which is when the entry point returns.
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: json.count, alignment: 1)
        bytes.copyBytes(from: json)
        let passed = (try? await entryPoint(UnsafeRawBufferPointer(bytes)) { stream.forward($0) }) ?? false
        // A test that waited for time failed in the records, though Swift Testing did not see it fail.
        exit(passed && !Sleeps.shared.reported ? 0 : 1)
      }
    }

    """#

  /// A C file linked into every ThreadSanitizer program: it tells ThreadSanitizer when a
  /// `Synchronization.Mutex` is taken and given back on its slow path.
  ///
  /// Mutex's fast path is inlined into the learner's code and instrumented, but when
  /// threads contend it calls `_lockSlow` and `_unlockSlow` in the toolchain's library,
  /// which is not, so ThreadSanitizer misses the lock and reports a race on the state it
  /// guards: a correct `Mutex` answer failed. These two functions stand in front of the
  /// library's (the program's symbols come first), call them, and mark the lock's
  /// acquire and release on its address, which the fast path uses too. A race on state
  /// the Mutex does not guard is still reported.
  static let mutexShim = #"""
    // Written by grade: Synchronization.Mutex's slow path, made visible to ThreadSanitizer.
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #define SWIFTCALL __attribute__((swiftcall))
    #define SELF __attribute__((swift_context))
    void __tsan_acquire(void *address);
    void __tsan_release(void *address);
    #define LOCK "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
    #define UNLOCK "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
    typedef SWIFTCALL void (*LockSlow)(unsigned int, void *SELF);
    typedef SWIFTCALL void (*UnlockSlow)(void *SELF);
    SWIFTCALL void grade_lockSlow(unsigned int value, void *SELF handle) __asm__(LOCK);
    SWIFTCALL void grade_unlockSlow(void *SELF handle) __asm__(UNLOCK);

    // Found on first use, by atomics: two threads may get there at once (the library that
    // defines them is loaded with the tests, after the program starts).
    static void *original(void **slot, const char *name) {
      void *found = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
      if (!found) {
        found = dlsym(RTLD_NEXT, name);
        __atomic_store_n(slot, found, __ATOMIC_RELEASE);
      }
      return found;
    }
    static void *lockSlow, *unlockSlow;

    SWIFTCALL void grade_lockSlow(unsigned int value, void *SELF handle) {
      ((LockSlow)original(&lockSlow, LOCK))(value, handle);
      __tsan_acquire(handle);
    }

    SWIFTCALL void grade_unlockSlow(void *SELF handle) {
      __tsan_release(handle);
      ((UnlockSlow)original(&unlockSlow, UNLOCK))(handle);
    }

    """#

  /// A C file linked into every program: it reports real-time sleeps to the entry point's `Sleeps`.
  ///
  /// Swift's concurrency runtime schedules every task's sleep with libdispatch's
  /// `dispatch_after_f`; the program's own `dispatch_after_f` stands in front of
  /// libdispatch's and tells the entry point which task sleeps and for how long; the entry
  /// point decides as the test ends whether it waited the sleep out (`Sleeps.settle`).
  /// `nanosleep`, `clock_nanosleep`, `usleep` and `sleep`, which block a thread, are
  /// reported as they start. The entry point ignores all of it unless the task's tests
  /// must wait for events (`"waitsForEvents"`).
  static let waitShim = #"""
    // Written by grade: real-time sleeps, reported to the entry point of a graded run.
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <stdint.h>
    #include <time.h>
    #include <unistd.h>
    #define SWIFTCALL __attribute__((swiftcall))
    SWIFTCALL void *swift_task_getCurrent(void);
    long grade_watch_sleep(void *task, long long nanoseconds);
    void grade_blocking_sleep(long long nanoseconds);

    // Each original is found on first use, by atomics: two threads may get there at once.
    static void *original(void **slot, const char *name) {
      void *found = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
      if (!found) {
        found = dlsym(RTLD_NEXT, name);
        __atomic_store_n(slot, found, __ATOMIC_RELEASE);
      }
      return found;
    }
    static void *afterF, *nanosleepF, *clockNanosleepF, *usleepF, *sleepF;

    typedef void (*AfterF)(uint64_t, void *, void *, void (*)(void *));
    void dispatch_after_f(uint64_t when, void *queue, void *context, void (*work)(void *)) {
      if (when != UINT64_MAX) {
        void *task = swift_task_getCurrent();
        if (task) {
          // libdispatch's times count nanoseconds of CLOCK_MONOTONIC, or of CLOCK_BOOTTIME with the top bit set.
          struct timespec now;
          clock_gettime(when >> 63 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
          long long left = (long long)(when & ~(1ULL << 63)) - ((long long)now.tv_sec * 1000000000LL + now.tv_nsec);
          grade_watch_sleep(task, left < 0 ? 0 : left);
        }
      }
      ((AfterF)original(&afterF, "dispatch_after_f"))(when, queue, context, work);
    }

    static void blocking(long long nanoseconds) {
      if (swift_task_getCurrent()) grade_blocking_sleep(nanoseconds);
    }

    typedef int (*Nanosleep)(const struct timespec *, struct timespec *);
    int nanosleep(const struct timespec *request, struct timespec *remaining) {
      if (request) blocking((long long)request->tv_sec * 1000000000LL + request->tv_nsec);
      return ((Nanosleep)original(&nanosleepF, "nanosleep"))(request, remaining);
    }

    typedef int (*ClockNanosleep)(clockid_t, int, const struct timespec *, struct timespec *);
    int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
      if (request && !(flags & TIMER_ABSTIME)) blocking((long long)request->tv_sec * 1000000000LL + request->tv_nsec);
      return ((ClockNanosleep)original(&clockNanosleepF, "clock_nanosleep"))(clock, flags, request, remaining);
    }

    typedef int (*Usleep)(useconds_t);
    int usleep(useconds_t microseconds) {
      blocking((long long)microseconds * 1000LL);
      return ((Usleep)original(&usleepF, "usleep"))(microseconds);
    }

    typedef unsigned (*Sleep)(unsigned);
    unsigned sleep(unsigned seconds) {
      blocking((long long)seconds * 1000000000LL);
      return ((Sleep)original(&sleepF, "sleep"))(seconds);
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
    /// Whether a test that waits for real time to pass records an issue (`"waitsForEvents"`).
    var waitsForEvents: Bool
  }
}
