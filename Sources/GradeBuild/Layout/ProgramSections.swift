import Foundation

/// The sections of a built program that are loaded into memory, read from its ELF section table.
///
/// What a test can compute of the program it runs in (the address of a type's metadata, the
/// offset of a function's return address within a page) follows from where these sections
/// are: `SectionPlan` fixes them, and `grade check` compares them between a task's programs.
/// Read here rather than from a tool's printed table, so nothing depends on its wording.
package struct ProgramSections: Equatable, Sendable {
  /// One loaded section.
  package struct Section: Equatable, Sendable {
    /// The section's name, such as `.text` or `swift5_typeref`.
    package var name: String
    /// Where the section starts, relative to where the program is loaded.
    package var address: UInt64
    /// How many bytes it holds.
    package var size: UInt64
  }

  /// The loaded sections, in the order of their addresses.
  package var sections: [Section]

  /// Creates a table from its sections, in the order of their addresses.
  package init(sections: [Section]) {
    self.sections = sections
  }

  /// The sections of the ELF program at `url`; `nil` when it is not a 64-bit little-endian ELF file.
  /// With `unplaced`, the file is an object not yet linked, whose sections all start at 0.
  package init?(reading url: URL, unplaced: Bool = false) {
    guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
    self.init(elf: data, unplaced: unplaced)
  }

  /// The sections of the ELF image `data`; `nil` when it is not a 64-bit little-endian ELF file.
  /// With `unplaced`, the sections of an object not yet linked count too, all at address 0.
  package init?(elf data: Data, unplaced: Bool = false) {
    let bytes = [UInt8](data.prefix(64))
    // "\x7FELF", 64-bit, little-endian.
    guard bytes.count == 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1 else { return nil }
    func integer(_ offset: Int, _ width: Int) -> UInt64? {
      guard offset >= 0, offset + width <= data.count else { return nil }
      var value: UInt64 = 0
      for index in (0..<width).reversed() { value = value << 8 | UInt64(data[data.startIndex + offset + index]) }
      return value
    }
    guard let tableOffset = integer(0x28, 8), let entrySize = integer(0x3A, 2), let count = integer(0x3C, 2),
      let namesIndex = integer(0x3E, 2), entrySize >= 64, namesIndex < count, tableOffset < UInt64(data.count)
    else { return nil }
    func header(_ index: UInt64) -> Int { Int(tableOffset + index * entrySize) }
    guard let namesOffset = integer(header(namesIndex) + 0x18, 8) else { return nil }
    func name(at offset: UInt64) -> String? {
      let start = Int(namesOffset + offset)
      guard start >= 0, start < data.count else { return nil }
      let end = data[(data.startIndex + start)...].firstIndex(of: 0) ?? data.endIndex
      return String(decoding: data[(data.startIndex + start)..<end], as: UTF8.self)
    }
    var sections: [Section] = []
    for index in 1..<max(count, 1) {
      let at = header(index)
      // SHF_ALLOC: only sections loaded into memory have an address a test could reach.
      guard let nameOffset = integer(at, 4), let flags = integer(at + 0x08, 8), let address = integer(at + 0x10, 8),
        let size = integer(at + 0x20, 8), let name = name(at: nameOffset)
      else { return nil }
      if flags & 0x2 != 0, address != 0 || unplaced { sections.append(Section(name: name, address: address, size: size)) }
    }
    self.sections = sections.sorted { $0.address < $1.address }
  }
}
