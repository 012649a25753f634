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
/// name. The linker is told each start (`--section-start`): the program is linked once, as
/// before, with no second link to pad it to the largest variant.
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

  /// The room each section gets: twice what the solution puts in it and a page more, to a
  /// whole page. A mutant schema, the largest variant, adds about a tenth to the code.
  static func extent(of size: UInt64) -> UInt64 {
    (size * 2 + page + page - 1) / page * page
  }

  /// A plan that starts on the page after where `solution`'s first loaded section starts and
  /// gives each section its `extent`.
  package init?(solution: ProgramSections, first: [String] = []) {
    self.first = first
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
