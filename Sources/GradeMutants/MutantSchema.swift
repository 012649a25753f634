import Foundation

/// Every mutant of a task's files compiled into one program, each behind a run-time switch.
///
/// This is Untch, Offutt and Harrold's mutant schema: one build serves every mutant, and
/// the grader picks one per run with `grade_set_active_mutant` (`ActiveMutant.c`). Each site
/// becomes `(__gradeMutant(7) ? mutated : original)` for an expression, or
/// `if __gradeMutant(7) { mutated } else { original }` for a statement, where `7` is the
/// mutant's number: its place in `mutants`, from 1, while 0 runs the original code.
/// `__gradeMutant` is `fileprivate` to each file, so a learner's test that
/// `@testable import`s the module cannot reach it.
package struct MutantSchema: Sendable {
  /// The files as written, by name.
  var sources: [String: Data]
  /// The mutants the schema holds: number `n` switches on `mutants[n - 1]`.
  package var mutants: [Mutant]
  /// The schema's files, one per source, in name order.
  package var files: [File]
  /// Mutants left out, and why.
  package var dropped: [Dropped]

  /// One file rewritten with its mutants behind switches.
  package struct File: Sendable, Equatable {
    /// The file's name.
    package var name: String
    /// The rewritten source.
    package var text: String
    /// Where each mutant's code stands in `text`, to blame a compile error on it.
    var regions: [Region]
  }

  /// Bytes of a schema file that belong to some mutants.
  package struct Region: Sendable, Equatable {
    /// Where the bytes start.
    var start: Int
    /// Where they end (exclusive).
    var end: Int
    /// The numbers of the mutants they belong to: one for a mutated branch, all of a
    /// site's for the whole site.
    var numbers: [Int]
    /// Whether the bytes are a whole statement switch (`if __gradeMutant(n) { … } else { … }`).
    var isStatement = false
  }

  /// A mutant the schema does not hold.
  package struct Dropped: Sendable, Equatable {
    /// The mutant.
    package var mutant: Mutant
    /// Why it was dropped, such as the compiler's error.
    package var reason: String
  }

  /// The text every schema file ends with: the switch, read once from the grader's C.
  static let switchboard = """


    // Added by the grader's mutant schema: which mutant runs, asked once of the grader's C (`ActiveMutant.c`).
    @_silgen_name("grade_active_mutant")
    nonisolated private func __gradeActiveMutant() -> Int64
    nonisolated private let __gradeActiveMutantNumber: Int64 = __gradeActiveMutant()
    /// Whether mutant `number` is the one this run switched on.
    nonisolated fileprivate func __gradeMutant(_ number: Int64) -> Bool { __gradeActiveMutantNumber == number }

    """

  /// Makes the schema of `mutants`, whose files are `sources` (name to bytes).
  package init(sources: [String: Data], mutants: [Mutant], dropped: [Dropped] = []) {
    self.sources = sources
    self.dropped = dropped
    var kept: [Mutant] = []
    var files: [File] = []
    for name in sources.keys.sorted() {
      guard let source = sources[name] else { continue }
      let own = mutants.filter { $0.file == name }
      // A file without mutants is still part of the module: it is written as it is.
      guard !own.isEmpty else {
        files.append(File(name: name, text: String(decoding: source, as: UTF8.self), regions: []))
        continue
      }
      var writer = MutantSchemaWriter(source: source, mutants: own, firstNumber: kept.count + 1)
      let text = writer.write() + Self.switchboard
      kept += writer.written
      self.dropped += writer.left.map { Dropped(mutant: $0, reason: "its site overlaps another mutated site") }
      files.append(File(name: name, text: text, regions: writer.regions))
    }
    self.mutants = kept
    self.files = files
    self.dropped += mutants.filter { sources[$0.file] == nil }.map { Dropped(mutant: $0, reason: "its file is not in the schema") }
  }

  /// The number that switches on the mutant whose stable id is `id`.
  package func number(of id: String) -> Int? {
    mutants.firstIndex { $0.id == id }.map { $0 + 1 }
  }

  /// The mutant switched on by `number`, or `nil` for 0 and numbers the schema lacks.
  func mutant(number: Int) -> Mutant? {
    number >= 1 && number <= mutants.count ? mutants[number - 1] : nil
  }
}
