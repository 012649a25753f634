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
    guard bytes[sealEnd] == UInt8(ascii: " "),
      let given = UInt64(String(decoding: bytes[prefix.count..<sealEnd], as: UTF8.self), radix: 16)
    else { return nil }
    let record = bytes[(sealEnd + 1)...]
    return seal(record, sequence: sequence) == given ? record : nil
  }

  /// SipHash-2-4 of the sequence number (8 bytes, little-endian) followed by the record.
  public func seal(_ record: some Collection<UInt8>, sequence: Int) -> UInt64 {
    var message = withUnsafeBytes(of: UInt64(truncatingIfNeeded: sequence).littleEndian) { Array($0) }
    message.append(contentsOf: record)
    return Self.sipHash(message, k0: k0, k1: k1)
  }

  /// SipHash-2-4 (Aumasson and Bernstein), the keyed hash Swift's own `Hasher` is built on.
  static func sipHash(_ message: [UInt8], k0: UInt64, k1: UInt64) -> UInt64 {
    var v0: UInt64 = 0x736f_6d65_7073_6575 ^ k0
    var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ k1
    var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ k0
    var v3: UInt64 = 0x7465_6462_7974_6573 ^ k1
    func round() {
      v0 &+= v1; v1 = v1.rotated(13); v1 ^= v0; v0 = v0.rotated(32)
      v2 &+= v3; v3 = v3.rotated(16); v3 ^= v2
      v0 &+= v3; v3 = v3.rotated(21); v3 ^= v0
      v2 &+= v1; v1 = v1.rotated(17); v1 ^= v2; v2 = v2.rotated(32)
    }
    func compress(_ word: UInt64) {
      v3 ^= word
      round()
      round()
      v0 ^= word
    }
    let whole = message.count / 8 * 8
    var index = 0
    while index < whole {
      var word: UInt64 = 0
      for offset in 0..<8 { word |= UInt64(message[index + offset]) << (8 * offset) }
      compress(word)
      index += 8
    }
    var last = UInt64(truncatingIfNeeded: message.count) << 56
    for offset in 0..<(message.count - whole) { last |= UInt64(message[whole + offset]) << (8 * offset) }
    compress(last)
    v2 ^= 0xff
    for _ in 0..<4 { round() }
    return v0 ^ v1 ^ v2 ^ v3
  }

  /// A seal as 16 hexadecimal digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension UInt64 {
  fileprivate func rotated(_ bits: UInt64) -> UInt64 { (self << bits) | (self >> (64 - bits)) }
}
