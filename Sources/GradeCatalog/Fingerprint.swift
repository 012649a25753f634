import Foundation

/// A 64-bit FNV-1a hash of a workspace's inputs, to tell whether a stored result still holds.
///
/// Not cryptographic: it guards a cache against staleness, not against forgery.
package struct Fingerprint: Equatable {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// An empty fingerprint, to add inputs to.
  package init() {}

  package mutating func add(_ bytes: some Sequence<UInt8>) {
    // Files and texts are contiguous: hashed from their buffer, one concrete loop, rather than
    // byte by byte through the sequence's iterator (a call per byte where the caller's module
    // does not specialize this function).
    if bytes.withContiguousStorageIfAvailable({ add(buffer: $0) }) != nil { return }
    for byte in bytes { mix(byte) }
    separate()
  }

  package mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add(buffer: $0) }
  }

  /// Adds a buffer's bytes eight at a time: one load per word, the bytes taken out with
  /// integer operators, which an unoptimized build still inlines (a loop over the buffer's
  /// elements calls a function per byte there).
  private mutating func add(buffer: UnsafeBufferPointer<UInt8>) {
    let bytes = UnsafeRawBufferPointer(buffer)
    let whole = bytes.count / 8 * 8
    var index = 0
    var hash = value
    let prime: UInt64 = 0x100_0000_01b3  // A local: a static would be a call per use, unoptimized.
    while index < whole {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      hash = (hash ^ (word & 0xff)) &* prime
      hash = (hash ^ (word &>> 8 & 0xff)) &* prime
      hash = (hash ^ (word &>> 16 & 0xff)) &* prime
      hash = (hash ^ (word &>> 24 & 0xff)) &* prime
      hash = (hash ^ (word &>> 32 & 0xff)) &* prime
      hash = (hash ^ (word &>> 40 & 0xff)) &* prime
      hash = (hash ^ (word &>> 48 & 0xff)) &* prime
      hash = (hash ^ (word &>> 56)) &* prime
      index &+= 8
    }
    value = hash
    while index < bytes.count {
      mix(bytes[index])
      index &+= 1
    }
    separate()
  }

  private mutating func mix(_ byte: UInt8) {
    value ^= UInt64(byte)
    value &*= 0x100_0000_01b3
  }

  /// A separator after each input, so ("ab", "c") and ("a", "bc") differ.
  private mutating func separate() { mix(0xff) }

  /// The hash of one text, in hexadecimal: a stable short name for a folder or a file.
  package static func hex(of text: String) -> String {
    var fingerprint = Fingerprint()
    fingerprint.add(text)
    return String(fingerprint.value, radix: 16)
  }

  /// Hashes every input of a plan, in order, with the settings that change a result.
  package static func of(_ inputs: [(String, Data)], settings: [String]) -> String {
    var fingerprint = Fingerprint()
    for setting in settings { fingerprint.add(setting) }
    for (label, data) in inputs {
      fingerprint.add(label)
      fingerprint.add(data)
    }
    return String(fingerprint.value, radix: 16)
  }
}
