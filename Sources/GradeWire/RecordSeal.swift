/// Seals each record a graded run writes, so that only the runner can write one.
///
/// A record goes out as `<sequence> <seal> <record>`, where the seal is SipHash-2-4 of
/// the sequence number and the record under the run's key (`RunOrders.key`). The key
/// never leaves the runner's memory, and is read before any code under test loads:
/// code in the run can read and relay what the runner writes, but cannot write a
/// record of its own, renumber one, or drop one without the gap showing.
public struct RecordSeal: Sendable {
  private let k0: UInt64
  private let k1: UInt64

  /// Creates a seal from a key of 32 hexadecimal digits, or `nil` when the key is not one.
  public init?(key: String) {
    let digits = Array(key.utf8)
    guard digits.count == 32 else { return nil }
    func word(_ slice: ArraySlice<UInt8>) -> UInt64? { UInt64(String(decoding: slice, as: UTF8.self), radix: 16) }
    guard let high = word(digits[0..<16]), let low = word(digits[16..<32]) else { return nil }
    k0 = high
    k1 = low
  }

  /// The frame of `record`, number `sequence`: `<sequence> <seal> <record>`, without the newline.
  public func frame(_ record: some Collection<UInt8>, sequence: Int) -> [UInt8] {
    var line = Array("\(sequence) \(Self.hex(seal(record, sequence: sequence))) ".utf8)
    line.append(contentsOf: record)
    return line
  }

  /// Reads one frame: its record, when the frame is number `sequence` and its seal holds.
  public func open(_ line: some Collection<UInt8>, sequence: Int) -> ArraySlice<UInt8>? {
    let bytes = Array(line)
    let prefix = Array("\(sequence) ".utf8)
    guard bytes.count >= prefix.count + 17, bytes.starts(with: prefix) else { return nil }
    let sealEnd = prefix.count + 16
    guard bytes[sealEnd] == UInt8(ascii: " "), let given = Self.hexValue(bytes[prefix.count..<sealEnd]) else { return nil }
    let sealed = bytes.withUnsafeBytes { seal(UnsafeRawBufferPointer(rebasing: $0[(sealEnd + 1)...]), sequence: sequence) }
    return sealed == given ? bytes[(sealEnd + 1)...] : nil
  }

  /// SipHash-2-4 of the sequence number (8 bytes, little-endian) followed by the record.
  public func seal(_ record: some Collection<UInt8>, sequence: Int) -> UInt64 {
    if let sealed = record.withContiguousStorageIfAvailable({ seal(UnsafeRawBufferPointer($0), sequence: sequence) }) { return sealed }
    return Array(record).withUnsafeBytes { seal($0, sequence: sequence) }
  }

  /// The seal of a record in memory: hashed where it lies, its sequence number the first word.
  func seal(_ record: UnsafeRawBufferPointer, sequence: Int) -> UInt64 {
    var state = SipHash(k0: k0, k1: k1)
    state.compress(UInt64(truncatingIfNeeded: sequence))
    let whole = record.count / 8 * 8
    var index = 0
    while index < whole {
      state.compress(UInt64(littleEndian: record.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
      index &+= 8
    }
    var last = UInt64(truncatingIfNeeded: record.count &+ 8) &<< 56
    var offset: UInt64 = 0
    while index < record.count {
      last |= UInt64(record[index]) &<< (8 &* offset)
      index &+= 1
      offset &+= 1
    }
    state.compress(last)
    return state.finish()
  }

  /// SipHash-2-4 (Aumasson and Bernstein), the keyed hash Swift's own `Hasher` is built on,
  /// of a whole message.
  static func sipHash(_ message: [UInt8], k0: UInt64, k1: UInt64) -> UInt64 {
    var state = SipHash(k0: k0, k1: k1)
    let whole = message.count / 8 * 8
    var index = 0
    while index < whole {
      var word: UInt64 = 0
      for offset in 0..<8 { word |= UInt64(message[index + offset]) << (8 * offset) }
      state.compress(word)
      index += 8
    }
    var last = UInt64(truncatingIfNeeded: message.count) << 56
    for offset in 0..<(message.count - whole) { last |= UInt64(message[whole + offset]) << (8 * offset) }
    state.compress(last)
    return state.finish()
  }

  /// Sixteen hexadecimal digits' value, or `nil` when they are not all digits.
  static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt64? {
    var value: UInt64 = 0
    for digit in digits {
      let nibble: UInt8
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit &- UInt8(ascii: "a") &+ 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit &- UInt8(ascii: "A") &+ 10
      default: return nil
      }
      value = value &<< 4 | UInt64(nibble)
    }
    return value
  }

  /// A seal as 16 hexadecimal digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// SipHash-2-4's state: four words, keyed, compressed a word at a time.
///
/// A value with mutating methods, not closures over local variables: unoptimized builds box
/// captured variables and check every access to them at run time.
private struct SipHash {
  var v0: UInt64
  var v1: UInt64
  var v2: UInt64
  var v3: UInt64

  init(k0: UInt64, k1: UInt64) {
    v0 = 0x736f_6d65_7073_6575 ^ k0
    v1 = 0x646f_7261_6e64_6f6d ^ k1
    v2 = 0x6c79_6765_6e65_7261 ^ k0
    v3 = 0x7465_6462_7974_6573 ^ k1
  }

  mutating func compress(_ word: UInt64) {
    v3 ^= word
    round()
    round()
    v0 ^= word
  }

  /// The hash, after the last word.
  mutating func finish() -> UInt64 {
    v2 ^= 0xff
    round()
    round()
    round()
    round()
    return v0 ^ v1 ^ v2 ^ v3
  }

  mutating func round() {
    v0 &+= v1; v1 = v1 &<< 13 | v1 &>> 51; v1 ^= v0; v0 = v0 &<< 32 | v0 &>> 32
    v2 &+= v3; v3 = v3 &<< 16 | v3 &>> 48; v3 ^= v2
    v0 &+= v3; v3 = v3 &<< 21 | v3 &>> 43; v3 ^= v0
    v2 &+= v1; v1 = v1 &<< 17 | v1 &>> 47; v1 ^= v2; v2 = v2 &<< 32 | v2 &>> 32
  }
}
