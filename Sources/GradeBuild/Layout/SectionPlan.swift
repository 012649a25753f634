import Foundation

/// Where each loaded section of every program of one write-tests task starts, fixed once from
/// the solution's program, so that every variant of the task puts each section at the same
/// address, whatever its code.
///
/// Without it, a chaff whose function is a few bytes longer moves every section after its
/// code, and with them the metadata of the lesson's types: `ObjectIdentifier(User.self)`
/// then differs between the wheat and the chaff in the part address space randomization
/// keeps (the offset in a page), and a suite that checks nothing could learn the wheat's
/// number from a failing test's feedback and assert it. With the starts fixed, each section
/// has the room up to the next one's start (its extent, the same in every variant), and what
/// a variant's code adds to a section stays inside it.
///
/// Inside a section, the lesson module's type metadata and nominal type descriptors come
/// first, in the solution's order (`--symbol-ordering-file`): a chaff's code that needs one
/// more cache variable, or a longer string beside a descriptor, then moves nothing a test can
/// name. Each of those symbols is a piece of data of its own (`SectionedObjects`) that starts
/// on a slot of its own (`slot`): a chaff whose class has one more stored property grows its
/// descriptor by three method descriptors, and the next type's descriptor, a slot on, stays
/// where it was; one with a closure more adds data beside its class's metadata, not before it. The linker is told each start
/// (`--section-start`): the program is linked once, as before, with no second link to pad it
/// to the largest variant.
package struct SectionPlan: Codable, Equatable, Sendable {
  /// One section's fixed start.
  package struct Start: Codable, Equatable, Sendable {
    /// The section's name.
    package var name: String
    /// Its address.
    package var address: UInt64
  }

  /// Each section's start, in the order of their addresses.
  package var starts: [Start]
  /// The symbols placed first in their sections, in this order: the module's type metadata
  /// and descriptors, in the solution's order.
  package var first: [String] = []
  /// The alignment of every piece of the module's data in `slotted`, a power of two: each
  /// piece starts on a slot of its own, so one that grows moves none after it (`slot(fitting:)`).
  /// 0 where the pieces are linked as the compiler aligned them.
  package var slot: UInt64 = 0

  /// The file a task's plan is kept in, beside the solution's file-by-file build.
  static let fileName = "section-plan.json"
  /// The file beside a program's objects that lists `first` for the linker.
  static let orderFileName = "section-order.txt"

  /// Sections the linker places by others and takes no room of their own: the padding to the
  /// end of the read-only-after-relocation pages, and the template of zeroed thread-local
  /// storage, which the linker keeps beside the code whatever start it is given and which a
  /// test reaches only from its thread's own block.
  static let derived: Set<String> = [".relro_padding", ".tbss"]

  /// The size of a page: every start is a whole number of pages, so no section's alignment
  /// moves it from where the plan says.
  static let page: UInt64 = 4096

  /// The sections that hold the module's type metadata and descriptors: nominal type
  /// descriptors in `.rodata`, a class's metadata in `.data`, a value type's in
  /// `.data.rel.ro`; in an object with each global in a section of its own
  /// (`SectionedObjects`), those names and the symbol's (`.data.rel.ro.$s3Lab4UserVMf`). A
  /// name a later compiler uses instead would leave its pieces as they are, and `grade check`
  /// would name the types that then move.
  static let slotted = [".rodata", ".data", ".data.rel.ro"]

  /// The names of the sections that may hold one of `first`, each of which gets a slot.
  static func slottedNames(first: [String]) -> [String] {
    slotted + slotted.flatMap { prefix in first.map { "\(prefix).\($0)" } }
  }

  /// The slot that fits twice the largest of `pieces` (the sizes of the sections that hold
  /// the module's types), at least 16 bytes and at most a page: room for a chaff to double a
  /// type's descriptor or metadata and leave every other in place.
  package static func slot(fitting pieces: [UInt64]) -> UInt64 {
    var slot: UInt64 = 16
    while slot < 2 * (pieces.max() ?? 0), slot < page { slot *= 2 }
    return slot
  }

  /// The slot that fits the sections of the objects at `objects` that may hold one of
  /// `first`; `nil` when one cannot be read.
  static func slot(fitting objects: [URL], first: [String]) -> UInt64? {
    let names = Set(slottedNames(first: first))
    var pieces: [UInt64] = []
    for object in objects {
      guard let sections = ProgramSections(reading: object, unplaced: true) else { return nil }
      pieces += sections.sections.filter { names.contains($0.name) }.map(\.size)
    }
    return slot(fitting: pieces)
  }

  /// What `llvm-objcopy` is told so that each section that may hold one of `first` starts on
  /// a slot of its own; empty without a slot.
  package var slotOptions: [String] {
    slot == 0 ? [] : Self.slottedNames(first: first).flatMap { ["--set-section-alignment", "\($0)=\(slot)"] }
  }

  /// The room each section gets: twice what the solution puts in it and a page more, to a
  /// whole page. A mutant schema, the largest variant, adds about a tenth to the code.
  static func extent(of size: UInt64) -> UInt64 {
    (size * 2 + page + page - 1) / page * page
  }

  /// A plan that only orders `first` and slots the module's data by `slot`, leaving every
  /// section where the linker puts it: what a program is linked with to measure the sections
  /// a plan then gives room to.
  package init(first: [String], slot: UInt64) {
    self.starts = []
    self.first = first
    self.slot = slot
  }

  /// A plan that starts on the page after where `solution`'s first loaded section starts and
  /// gives each section its `extent`; its pieces of the module's data on slots of `slot` bytes.
  package init?(solution: ProgramSections, first: [String] = [], slot: UInt64 = 0) {
    self.first = first
    self.slot = slot
    let placed = solution.sections.filter { !Self.derived.contains($0.name) }
    guard var address = placed.first.map({ ($0.address + Self.page - 1) / Self.page * Self.page }) else { return nil }
    var starts: [Start] = []
    for section in placed {
      starts.append(Start(name: section.name, address: address))
      address += Self.extent(of: section.size)
    }
    self.starts = starts
  }

  /// The linker's options, as the compiler driver passes them (`-Xlinker`), or as `clang` does
  /// (`-Wl,`), with `first` listed in the file at `orderFile` (`writeOrder(to:)`).
  package func linkerOptions(forClang: Bool, orderFile: String? = nil) -> [String] {
    var options = starts.map { "--section-start=\($0.name)=0x\(String($0.address, radix: 16))" }
    if let orderFile, !first.isEmpty {
      // A variant may lack a symbol the solution has; that is for `grade check` to say, not the linker.
      options += ["--symbol-ordering-file=\(orderFile)", "--no-warn-symbol-ordering"]
    }
    return options.flatMap { forClang ? ["-Wl,\($0)"] : ["-Xlinker", $0] }
  }

  /// Writes `first`, one name a line, for the linker's `--symbol-ordering-file`.
  func writeOrder(to file: URL) throws {
    try Data(first.map { $0 + "\n" }.joined().utf8).write(to: file, options: .atomic)
  }

  /// Whether `program`'s sections start where the plan says, each one inside its room.
  package func holds(_ program: ProgramSections) -> Bool {
    let placed = program.sections.filter { !Self.derived.contains($0.name) }
    guard placed.map(\.name) == starts.map(\.name) else { return false }
    for (index, section) in placed.enumerated() {
      guard section.address == starts[index].address else { return false }
      if index + 1 < starts.count, section.address + section.size > starts[index + 1].address { return false }
    }
    return true
  }

  /// The plan kept in `folder`, or `nil`.
  static func load(from folder: URL) -> SectionPlan? {
    guard let data = try? Data(contentsOf: folder.appending(path: fileName)) else { return nil }
    return try? JSONDecoder().decode(SectionPlan.self, from: data)
  }

  /// Keeps the plan in `folder`.
  func save(in folder: URL) throws {
    try JSONEncoder().encode(self).write(to: folder.appending(path: Self.fileName), options: .atomic)
  }
}
