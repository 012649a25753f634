/// A library as the toolchain lists it, read the same way whatever its format: the symbols it
/// calls and exports (`llvm-nm` with `ObjectFormat.symbolOptions`), and how many calls it asks
/// the loader to make as it loads (`llvm-objdump -h`).
package struct ObjectListing: Sendable, Equatable {
  /// The functions and data it takes from other libraries, as Swift and C spell them.
  package var called: [String]
  /// The symbols it defines for others, as Swift and C spell them, less the linker's own.
  package var exported: [String]
  /// How many calls its loader sections hold.
  package var loaderEntries: Int

  /// Reads `symbols`, `llvm-nm`'s listing, and `sections`, `llvm-objdump -h`'s, of a library in `format`.
  ///
  /// A symbol's row is `U name` when the library calls it and `<address> <type> name` when it
  /// defines it; weak (`w`, `v`) and undefined rows with an address are neither. A section's row
  /// is `<index> <name> <size in hex> ...`.
  package init(symbols: String, sections: String, format: ObjectFormat) {
    var called: [String] = []
    var exported: [String] = []
    for line in symbols.split(separator: "\n") {
      let row = line.split(separator: " ").map(String.init)
      if row.count == 2, row[0] == "U" {
        called.append(format.name(row[1]))
      } else if row.count == 3, !["U", "w", "v"].contains(row[1]) {
        let name = format.name(row[2])
        if !format.linkerMarkers.contains(name) { exported.append(name) }
      }
    }
    var entries = 0
    for line in sections.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count >= 3, let size = Int(words[2], radix: 16),
        let section = format.loaderSections.first(where: { words[1].hasPrefix($0.name) })
      else { continue }
      entries += size / section.entryBytes
    }
    self.called = called
    self.exported = exported
    self.loaderEntries = entries
  }
}
