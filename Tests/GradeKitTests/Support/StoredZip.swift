import Foundation

/// A zip written byte by byte, entries stored uncompressed, so a test can make any zip a hostile
/// student could: paths that climb out, links, the same name twice.
enum StoredZip {
  /// One entry: its path in the zip, its bytes, and whether it is a symbolic link (its bytes the target).
  struct Entry {
    var path: String
    var data: Data
    var isLink = false
  }

  /// The zip holding `entries`, in order.
  static func make(_ entries: [Entry]) -> Data {
    var out = Data()
    var central = Data()
    func le16(_ value: Int) -> Data { withUnsafeBytes(of: UInt16(value).littleEndian) { Data($0) } }
    func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    for entry in entries {
      let name = Data(entry.path.utf8)
      let crc = crc32(entry.data)
      let offset = UInt32(out.count)
      // Local file header: version 10, no flags, stored, no time.
      out += le32(0x0403_4B50) + le16(10) + le16(0) + le16(0) + le16(0) + le16(0)
      out += le32(crc) + le32(UInt32(entry.data.count)) + le32(UInt32(entry.data.count)) + le16(name.count) + le16(0) + name + entry.data
      // Central directory header, made by Unix (3) so the mode in the external attributes counts.
      let mode: UInt32 = entry.isLink ? 0o120777 : 0o100644
      central += le32(0x0201_4B50) + le16(3 << 8 | 10) + le16(10) + le16(0) + le16(0) + le16(0) + le16(0)
      central += le32(crc) + le32(UInt32(entry.data.count)) + le32(UInt32(entry.data.count)) + le16(name.count)
      central += le16(0) + le16(0) + le16(0) + le16(0) + le32(mode << 16) + le32(offset) + name
    }
    let start = UInt32(out.count)
    out += central
    out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count) + le32(UInt32(central.count)) + le32(start) + le16(0)
    return out
  }

  /// The CRC-32 zip checks each entry with.
  static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
