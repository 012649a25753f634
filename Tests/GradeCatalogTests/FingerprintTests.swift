import Foundation
import Testing

@testable import GradeCatalog

/// A fingerprint is FNV-1a over each input and a separator, however the input is held: the
/// starter fingerprints a workbook records were made by the byte-by-byte form.
@Suite struct FingerprintTests {
  /// The definition, byte by byte.
  static func reference(_ inputs: [[UInt8]]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for input in inputs {
      for byte in input + [0xff] {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01b3
      }
    }
    return hash
  }

  @Test("Known values: an empty input, and a label with twenty bytes")
  func knownValues() {
    var empty = Fingerprint()
    empty.add(Data())
    #expect(empty.value == 0xaf64_724c_8602_eb6e)
    var labelled = Fingerprint()
    labelled.add("workbook")
    labelled.add(Data((0..<20).map { UInt8($0) }))
    #expect(labelled.value == 0xabd4_2d97_b204_0c13)
  }

  @Test("Every length, as data, bytes, text or a sequence that is not contiguous, hashes as the definition says")
  func everyForm() {
    for length in 0..<40 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 53 &+ 7) }
      let expected = Self.reference([Array("label".utf8), bytes])
      var fromData = Fingerprint()
      fromData.add("label")
      fromData.add(Data(bytes))
      var fromArray = Fingerprint()
      fromArray.add("label".utf8)
      fromArray.add(bytes)
      var fromSequence = Fingerprint()
      fromSequence.add("label".utf8.lazy.map { $0 })
      fromSequence.add(bytes.lazy.map { $0 })
      #expect(fromData.value == expected, "length \(length)")
      #expect(fromArray.value == expected, "length \(length)")
      #expect(fromSequence.value == expected, "length \(length)")
    }
    let text = "naïve ✓ \(String(repeating: "x", count: 17))"
    var fromText = Fingerprint()
    fromText.add(text)
    #expect(fromText.value == Self.reference([Array(text.utf8)]))
  }
}
