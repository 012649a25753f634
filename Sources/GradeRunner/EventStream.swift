import Foundation

#if canImport(GradeWire)
  import GradeWire
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The stream to the grader: every record Swift Testing hands the runner, sealed and numbered.
///
/// NSLock, not Mutex: this runs in ThreadSanitizer builds too, and ThreadSanitizer on
/// Linux does not see Mutex's lock.
final class EventStream: @unchecked Sendable {
  let descriptor: Int32
  let seal: RecordSeal
  let lock = NSLock()
  var next = 0
  /// Whether the run's end has been written: nothing may follow it.
  var ended = false
  /// Whether a test was cancelled from inside the run, which the grader counts as a failure
  /// though Swift Testing does not (`TestRunReport`): the run's status must say so too.
  var sawCancellation = false

  init(descriptor: Int32, seal: RecordSeal) {
    self.descriptor = descriptor
    self.seal = seal
  }

  /// Writes one of Swift Testing's records; before a test's end, the issue of a sleep it waited
  /// out, so it counts in that test and that run.
  func forward(_ record: UnsafeRawBufferPointer) {
    // Records of 4 KiB or more (an issue's long message) are none of the kinds looked for here.
    func holds(_ key: String) -> Bool { record.count < 4096 && Self.bytes(of: record, hold: key) }
    let isEnd = holds(#""kind":"runEnded""#)
    if holds(#""kind":"testCancelled""#) || holds(#""kind":"testCaseCancelled""#) {
      lock.withLock { sawCancellation = true }
    }
    if Sleeps.shared.enabled {
      // Suites start and end like tests; only test functions wait for anything.
      if holds(#""kind":"suite""#), let object = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any],
        object["kind"] as? String == "test", let payload = object["payload"] as? [String: Any], let id = payload["id"] as? String
      {
        Sleeps.shared.noteSuite(id)
      }
      let started = holds(#""kind":"testStarted""#)
      if isEnd {
        Sleeps.shared.settle(test: nil)
      } else if started || holds(#""kind":"testEnded""#),
        let object = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any],
        let payload = object["payload"] as? [String: Any], let test = payload["testID"] as? String
      {
        Sleeps.shared.note(started: started, test: test)
        if !started { Sleeps.shared.settle(test: test) }
      }
    }
    write(record, ending: isEnd)
  }

  /// Whether `record` holds `key`'s UTF-8 bytes, found with the C library's `memchr` and
  /// `memcmp`, where Foundation's `String.contains` (NSString's search, with a locale) took
  /// 6 % of a check's CPU, in every run of every test program.
  static func bytes(of record: UnsafeRawBufferPointer, hold key: String) -> Bool {
    var key = key
    return key.withUTF8 { needle in
      guard let first = needle.first, let base = record.baseAddress else { return needle.isEmpty }
      var offset = 0
      while record.count - offset >= needle.count {
        guard let found = memchr(base + offset, Int32(first), record.count - offset - needle.count + 1) else { return false }
        if memcmp(found, needle.baseAddress!, needle.count) == 0 { return true }
        offset = base.distance(to: UnsafeRawPointer(found)) + 1
      }
      return false
    }
  }

  /// Writes a record of the runner's own, unless the run has ended.
  func inject(_ record: UnsafeRawBufferPointer) {
    write(record, ending: false, unlessEnded: true)
  }

  private func write(_ record: UnsafeRawBufferPointer, ending: Bool, unlessEnded: Bool = false) {
    lock.withLock {
      if unlessEnded, ended { return }
      if ending { ended = true }
      var line = seal.frame(record, sequence: next)
      line.append(UInt8(ascii: "\n"))
      next += 1
      _ = line.withUnsafeBytes { BoxWire.writeAll($0, to: descriptor) }
    }
  }
}
