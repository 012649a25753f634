import Foundation

/// Writes one file of a `MutantSchema`: the source with each mutated site behind its switch.
///
/// Sites nest (a constant inside a comparison inside an `if` condition), so a site's
/// original code and each mutated branch are written with the sites inside them switched
/// too: whichever mutant is on, only its own change shows.
package struct MutantSchemaWriter {
  /// The file as written.
  let source: Data
  /// The mutants of the file.
  let mutants: [Mutant]
  /// The number the file's first mutant gets.
  let firstNumber: Int

  /// The mutants written, in number order.
  private(set) var written: [Mutant] = []
  /// The mutants left out because their site overlaps another without nesting.
  private(set) var left: [Mutant] = []
  /// Where each mutant's code stands in the text.
  private(set) var regions: [MutantSchema.Region] = []

  /// The bytes written so far.
  private var output: [UInt8] = []

  /// One place the schema switches: a range, a form and the mutants there.
  private final class Site {
    /// Where the site's bytes start in the source.
    let start: Int
    /// Where they end (exclusive).
    let end: Int
    /// Whether it is switched as a statement or an expression.
    let form: Mutant.Form
    /// The mutants here, each with its number.
    var members: [(number: Int, mutant: Mutant)] = []
    /// The sites inside this one, in source order.
    var children: [Site] = []
    /// The `try` and `await` any of its mutants needs in front.
    var effects = Mutant.Effects()

    /// A site over `start..<end`, with no mutants yet.
    init(start: Int, end: Int, form: Mutant.Form) {
      self.start = start
      self.end = end
      self.form = form
    }
  }

  /// Prepares to write `source` with `mutants`, numbering them from `firstNumber`.
  init(source: Data, mutants: [Mutant], firstNumber: Int) {
    self.source = Data(source)
    self.mutants = mutants
    self.firstNumber = firstNumber
  }

  /// The schema text of the file, without the switchboard.
  mutating func write() -> String {
    // Sites outermost first: by start, then longest, and a statement before an expression
    // over the same bytes, since a dropped statement holds the expression inside it.
    var sites: [Site] = []
    for mutant in mutants {
      let edit = mutant.edit
      if let site = sites.first(where: { $0.start == edit.start && $0.end == edit.end && $0.form == edit.form }) {
        site.members.append((0, mutant))
        site.effects.awaits = site.effects.awaits || edit.effects.awaits
        site.effects.throwing = site.effects.throwing || edit.effects.throwing
      } else {
        let site = Site(start: edit.start, end: edit.end, form: edit.form)
        site.members = [(0, mutant)]
        site.effects = edit.effects
        sites.append(site)
      }
    }
    sites.sort { ($0.start, -$0.end, $0.form == .statement ? 0 : 1) < ($1.start, -$1.end, $1.form == .statement ? 0 : 1) }
    var roots: [Site] = []
    var open: [Site] = []
    var number = firstNumber
    for site in sites {
      while let top = open.last, top.end <= site.start, !(top.start == site.start && top.end == site.end) { open.removeLast() }
      if let top = open.last {
        guard top.start <= site.start, site.end <= top.end else {
          left += site.members.map(\.mutant)
          continue
        }
        top.children.append(site)
      } else {
        roots.append(site)
      }
      for index in site.members.indices {
        site.members[index].number = number
        written.append(site.members[index].mutant)
        number += 1
      }
      open.append(site)
    }
    emit(0, source.count, roots)
    return String(decoding: output, as: UTF8.self)
  }

  /// Writes the source's bytes `start..<end` with the `sites` inside them switched.
  private mutating func emit(_ start: Int, _ end: Int, _ sites: [Site]) {
    var cursor = start
    for site in sites where site.start >= cursor && site.end <= end {
      output += source[cursor..<site.start]
      emit(site)
      cursor = site.end
    }
    output += source[cursor..<end]
  }

  /// Writes one site behind its switch.
  private mutating func emit(_ site: Site) {
    let siteStart = output.count
    switch site.form {
    case .expression:
      // Swift refuses `try` and `await` to the right of an operator, `? :` included, so
      // a site that holds them says them once more, in front.
      output += Array("(\(site.effects.throwing ? "try " : "")\(site.effects.awaits ? "await " : "")(".utf8)
      for member in site.members {
        output += Array("__gradeMutant(\(member.number)) ? (".utf8)
        branch(member, of: site)
        output += Array(") : ".utf8)
      }
      output += Array("(".utf8)
      emit(site.start, site.end, site.children)
      output += Array(")))".utf8)
    case .statement:
      for (index, member) in site.members.enumerated() {
        output += Array("\(index == 0 ? "if" : " else if") __gradeMutant(\(member.number)) {\n".utf8)
        branch(member, of: site)
        output += Array("\n}".utf8)
      }
      output += Array(" else {\n".utf8)
      emit(site.start, site.end, site.children)
      output += Array("\n}".utf8)
    }
    regions.append(
      MutantSchema.Region(
        start: siteStart, end: output.count, numbers: site.members.map(\.number), isStatement: site.form == .statement))
  }

  /// Writes the code of one mutant at `site`.
  private mutating func branch(_ member: (number: Int, mutant: Mutant), of site: Site) {
    let start = output.count
    for piece in member.mutant.edit.pieces {
      switch piece {
      case .text(let text): output += Array(text.utf8)
      case .original(let from, let to): emit(from, to, site.children)
      }
    }
    regions.append(MutantSchema.Region(start: start, end: output.count, numbers: [member.number]))
  }
}
