
/// Reads LLVM's bitstream container, the format of the compiler's serialized diagnostics.
///
/// A bitstream is a tree of blocks holding records; each record is a code and
/// a list of integer fields, with at most one blob (raw bytes) at the end. Field
/// widths are given by abbreviations the stream defines as it goes, so the
/// reader keeps them per block. The format is LLVM's "Bitstream Format"
/// document; only what serialized diagnostics use is read, and anything
/// malformed ends the read with an error rather than a guess. The compiler's dependency
/// files (`.swiftdeps`, `ProvidedInterface`) are bitstreams too.
struct Bitstream {
  /// One record, with the block it was found in.
  struct Record: Equatable {
    /// The innermost block's ID.
    var block: UInt64
    /// How deep the block is nested, from 1 for a top-level block.
    var depth: Int
    /// The record's code.
    var code: UInt64
    /// The record's integer fields, after the code.
    var fields: [UInt64]
    /// The record's blob, when its abbreviation ends in one.
    var blob: [UInt8]?
  }

  /// Why a stream could not be read.
  struct Malformed: Error, Equatable {
    var reason: String
  }

  private enum Operand {
    case literal(UInt64)
    case fixed(Int)
    case vbr(Int)
    case array
    case char6
    case blob
  }

  private typealias Abbreviation = [Operand]

  private var bytes: [UInt8]
  private var position = 0  // In bits.

  /// A reader of `bytes`, past their 4-byte magic number.
  init(bytes: [UInt8], magic: [UInt8]) throws(Malformed) {
    guard bytes.count >= 4, Array(bytes.prefix(4)) == magic else { throw Malformed(reason: "not a bitstream of this kind") }
    self.bytes = bytes
    position = 32
  }

  /// Every record in the stream, in order, blocks entered as they come.
  mutating func records() throws(Malformed) -> [Record] {
    var records: [Record] = []
    var blockInfo: [UInt64: [Abbreviation]] = [:]
    // A stack of open blocks: the ID, the width of abbreviation IDs, and the abbreviations defined in it.
    var stack: [(id: UInt64, width: Int, abbreviations: [Abbreviation])] = []
    var width = 2
    while position + width <= bytes.count * 8 {
      let id = try read(width)
      switch id {
      case 0:  // END_BLOCK
        align32()
        guard !stack.isEmpty else { throw Malformed(reason: "a block ends that never began") }
        stack.removeLast()
        width = stack.last?.width ?? 2
      case 1:  // ENTER_SUBBLOCK
        let block = try vbr(8)
        let newWidth = Int(try vbr(4))
        align32()
        _ = try read(32)  // The block's length in words, which nesting makes redundant here.
        guard (1...32).contains(newWidth), stack.count < 64 else { throw Malformed(reason: "an unreadable block header") }
        stack.append((block, newWidth, blockInfo[block] ?? []))
        width = newWidth
      case 2:  // DEFINE_ABBREV
        guard !stack.isEmpty else { throw Malformed(reason: "an abbreviation outside any block") }
        let abbreviation = try defineAbbreviation()
        if stack.last!.id == 0, let target = currentBlockInfoTarget {
          blockInfo[target, default: []].append(abbreviation)
        } else {
          stack[stack.count - 1].abbreviations.append(abbreviation)
        }
      case 3:  // UNABBREV_RECORD
        let code = try vbr(6)
        let count = try vbr(6)
        guard count < 1 << 16 else { throw Malformed(reason: "a record too long to be real") }
        var fields: [UInt64] = []
        for _ in 0..<count { fields.append(try vbr(6)) }
        try handle(Record(block: stack.last?.id ?? 0, depth: stack.count, code: code, fields: fields, blob: nil), into: &records)
      default:
        guard let block = stack.last, Int(id) - 4 < block.abbreviations.count else {
          throw Malformed(reason: "a record uses an abbreviation that was never defined")
        }
        var operands = block.abbreviations[Int(id) - 4][...]
        guard case .literal(let code)? = operands.first else {
          // The code itself may be read with any encoding.
          let code = try value(of: operands.removeFirst())
          let (fields, blob) = try recordBody(operands)
          try handle(Record(block: block.id, depth: stack.count, code: code, fields: fields, blob: blob), into: &records)
          continue
        }
        operands.removeFirst()
        let (fields, blob) = try recordBody(operands)
        try handle(Record(block: block.id, depth: stack.count, code: code, fields: fields, blob: blob), into: &records)
      }
    }
    return records
  }

  /// The block a BLOCKINFO block's SETBID record last named.
  private var currentBlockInfoTarget: UInt64?

  private mutating func handle(_ record: Record, into records: inout [Record]) throws(Malformed) {
    if record.block == 0 {
      // BLOCKINFO: SETBID (1) says which block the abbreviations that follow belong to.
      if record.code == 1, let target = record.fields.first { currentBlockInfoTarget = target }
      return
    }
    records.append(record)
  }

  private mutating func defineAbbreviation() throws(Malformed) -> Abbreviation {
    let count = try vbr(5)
    guard count < 256 else { throw Malformed(reason: "an abbreviation too long to be real") }
    var operands: Abbreviation = []
    var index: UInt64 = 0
    while index < count {
      index += 1
      if try read(1) == 1 {
        operands.append(.literal(try vbr(8)))
        continue
      }
      switch try read(3) {
      case 1: operands.append(.fixed(Int(try vbr(5))))
      case 2: operands.append(.vbr(Int(try vbr(5))))
      case 3: operands.append(.array)
      case 4: operands.append(.char6)
      case 5: operands.append(.blob)
      default: throw Malformed(reason: "an abbreviation with an unknown encoding")
      }
    }
    for operand in operands {
      if case .fixed(let bits) = operand, bits > 64 { throw Malformed(reason: "a field wider than 64 bits") }
      if case .vbr(let bits) = operand, !(2...32).contains(bits) { throw Malformed(reason: "a variable-width field of \(bits) bits") }
    }
    return operands
  }

  private mutating func recordBody(_ operands: ArraySlice<Operand>) throws(Malformed) -> ([UInt64], [UInt8]?) {
    var fields: [UInt64] = []
    var blob: [UInt8]?
    var rest = operands
    while let operand = rest.first {
      rest.removeFirst()
      switch operand {
      case .array:
        guard let element = rest.first else { throw Malformed(reason: "an array with no element type") }
        rest.removeFirst()
        let count = try vbr(6)
        guard count < 1 << 20 else { throw Malformed(reason: "an array too long to be real") }
        for _ in 0..<count { fields.append(try value(of: element)) }
      case .blob:
        let count = Int(try vbr(6))
        align32()
        guard count >= 0, position / 8 + count <= bytes.count else { throw Malformed(reason: "a blob past the end of the stream") }
        blob = Array(bytes[(position / 8)..<(position / 8 + count)])
        position += count * 8
        align32()
      default:
        fields.append(try value(of: operand))
      }
    }
    return (fields, blob)
  }

  private mutating func value(of operand: Operand) throws(Malformed) -> UInt64 {
    switch operand {
    case .literal(let value): return value
    case .fixed(let bits): return bits == 0 ? 0 : try read(bits)
    case .vbr(let bits): return try vbr(bits)
    case .char6:
      let code = try read(6)
      let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._".utf8)
      return UInt64(alphabet[Int(code)])
    case .array, .blob: throw Malformed(reason: "an array or blob where a scalar was expected")
    }
  }

  /// `count` bits, least significant first.
  private mutating func read(_ count: Int) throws(Malformed) -> UInt64 {
    guard count <= 64, position + count <= bytes.count * 8 else { throw Malformed(reason: "the stream ends in the middle of a field") }
    var result: UInt64 = 0
    for index in 0..<count {
      let bit = (bytes[(position + index) / 8] >> UInt8((position + index) % 8)) & 1
      result |= UInt64(bit) << UInt64(index)
    }
    position += count
    return result
  }

  /// A variable-width integer in chunks of `bits`, the top bit of each saying another follows.
  private mutating func vbr(_ bits: Int) throws(Malformed) -> UInt64 {
    let payload = bits - 1
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let chunk = try read(bits)
      guard shift < 64 else { throw Malformed(reason: "a number longer than 64 bits") }
      result |= (chunk & ((1 << UInt64(payload)) - 1)) << shift
      if chunk & (1 << UInt64(payload)) == 0 { return result }
      shift += UInt64(payload)
    }
  }

  private mutating func align32() {
    position = (position + 31) / 32 * 32
  }
}
