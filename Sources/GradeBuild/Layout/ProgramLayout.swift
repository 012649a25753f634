import Foundation
import GradeProcesses

/// What a test could compute of a built program's layout: where each loaded section starts and
/// where the lesson module's types are, compared between the programs of one task.
///
/// A test reaches a type's metadata through `ObjectIdentifier(SomeType.self)`, and its
/// nominal type descriptor through the metadata; a section's start moves everything in it.
/// Two programs of a task that agree on all of these give a test the same numbers.
package struct ProgramLayout: Equatable, Sendable {
  /// The program's loaded sections.
  package var sections: ProgramSections
  /// The address of each of the module's type metadata (`…N`, `…Mf`) and nominal type
  /// descriptors (`…Mn`), by mangled name.
  package var types: [String: UInt64]

  /// The symbol suffixes of type metadata and nominal type descriptors, in Swift's mangling.
  static let typeSuffixes = ["N", "Mf", "Mn"]

  /// The layout of the program at `program`, whose code is `module`; `nil` when it cannot be read.
  package init?(of program: URL, module: String, spawner: Spawner) {
    guard let sections = ProgramSections(reading: program),
      let listed = try? spawner.run(
        ["\(Toolchain.folder())/bin/llvm-nm", "--defined-only", program.path], until: .now + .seconds(60), streams: .separate),
      listed.succeeded
    else { return nil }
    // A symbol of the module starts with its mangled name: `$s` and the name's length and letters.
    let prefix = "$s\(module.utf8.count)\(module)"
    var types: [String: UInt64] = [:]
    for line in listed.output.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard words.count == 3, words[2].hasPrefix(prefix), Self.typeSuffixes.contains(where: { words[2].hasSuffix($0) }),
        let address = UInt64(words[0], radix: 16)
      else { continue }
      types[String(words[2])] = address
    }
    self.init(sections: sections, types: types)
  }

  /// Creates a layout from its parts.
  package init(sections: ProgramSections, types: [String: UInt64]) {
    self.sections = sections
    self.types = types
  }

  /// Each way `other` is laid out differently from this program, in words; empty when a test
  /// could compute no address that differs: `sectionDifferences` and then `typeDifferences`.
  package func differences(from other: ProgramLayout) -> [String] {
    sectionDifferences(from: other) + typeDifferences(from: other)
  }

  /// Each loaded section that `other` lacks, has alone, or starts elsewhere. Sections that
  /// differ only in how much of their room they fill do not count: what follows a section
  /// starts where it did; nor do the sections the linker places by others (`SectionPlan.derived`).
  package func sectionDifferences(from other: ProgramLayout) -> [String] {
    var found: [String] = []
    let mine = Dictionary(sections.sections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let theirs = Dictionary(other.sections.sections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for name in Set(mine.keys).union(theirs.keys).subtracting(SectionPlan.derived).sorted() {
      guard let one = mine[name], let two = theirs[name] else {
        found.append("section \(name) is in only one of them")
        continue
      }
      if one.address != two.address { found.append("section \(name) starts at 0x\(hex(one.address)), not 0x\(hex(two.address))") }
    }
    return found
  }

  /// Each of `other`'s type metadata and descriptors (`other` is the solution's program) that
  /// this program has elsewhere, or not at all. A type only this program declares (a private
  /// helper class of a wheat) does not count: a test compiles against the solution's module, so
  /// it cannot name it, and its data comes after every type the solution has.
  package func typeDifferences(from other: ProgramLayout) -> [String] {
    other.types.keys.sorted().filter { types[$0] != other.types[$0] }.map { name in
      "\(name) is at \(types[name].map { "0x" + hex($0) } ?? "no address"), not \(other.types[name].map { "0x" + hex($0) } ?? "no address")"
    }
  }

  private func hex(_ value: UInt64) -> String { String(value, radix: 16) }
}
