import Foundation
import GradeCatalog
import GradeProcesses

/// Lists the mutants of one Swift file, read from the compiler's type-checked syntax tree.
///
/// The compiler dumps the tree as JSON (`-dump-ast -dump-ast-format json`), with every
/// expression's type and byte range, so an operator is found as the call it is (never a
/// `+` inside a string or a comment), and `+` is swapped only where both sides are numbers,
/// never on a `String` or an `Array`. A file type-checks only with the rest of its
/// module, so `companions` come along; their mutants are made by their own call.
///
/// Where types cannot tell whether a replacement compiles, the mutant is made anyway and
/// `MutantSchema.typeChecked(...)` drops it if the compiler refuses it.
///
/// An `await` moves only with its whole statement (`movedAwait`): where the keyword alone
/// may stand depends on isolation the dump shows only in part (`isolation_crossing`), and a
/// dropped one never compiles, so such mutants would be refused or equivalent.
package struct MutantMaker: Sendable {
  /// Runs the compiler.
  var spawner: Spawner
  /// Clang's module cache.
  var moduleCache: URL
  /// What else the module is compiled with: language mode, default isolation, features,
  /// as frontend arguments (`["-swift-version", "5"]`).
  var arguments: [String]

  /// Makes a maker.
  package init(spawner: Spawner = Spawner(), moduleCache: URL, arguments: [String] = ["-swift-version", "5"]) {
    self.spawner = spawner
    self.moduleCache = moduleCache
    self.arguments = arguments
  }

  /// The mutants of `file`, a file of module `module` whose other files are `companions`.
  package func mutants(of file: URL, companions: [URL], module: String) throws(GradeError) -> [Mutant] {
    var spawner = spawner
    // A dump is large, many times the source; the runner's usual cap is for transcripts.
    spawner.outputLimit = max(spawner.outputLimit, 64 << 20)
    let command = [Toolchain.frontend, "-frontend", "-dump-ast", "-dump-ast-format", "json", "-primary-file", file.path]
      + companions.filter { $0.standardizedFileURL != file.standardizedFileURL }.map(\.path)
      + ["-module-name", module, "-module-cache-path", moduleCache.path] + Toolchain.hostFrontendFlags + arguments
    let outcome = try spawner.run(command, until: .now + .seconds(180), streams: .separate)
    guard outcome.succeeded, let tree = try? JSONSerialization.jsonObject(with: outcome.outputBytes) else {
      throw .infrastructure(
        "could not read the type-checked tree of \(file.lastPathComponent); the compiler said: \(outcome.errorOutput.prefix(600))")
    }
    guard let source = try? Data(contentsOf: file) else { throw .infrastructure("could not read \(file.path)") }
    return Self.mutants(in: source, fileName: file.lastPathComponent, tree: tree)
  }

  /// The mutants of the file `source`, named `fileName`, whose type-checked dump is `tree`.
  static func mutants(in source: Data, fileName: String, tree: Any) -> [Mutant] {
    var walk = MutantWalk(source: MutantSource(source), fileName: fileName)
    walk.visit(tree)
    // The same change can come from two kinds (`return -1` made `0` as a nudged constant and
    // as a plain return value): it is one mutant, of the kind listed first in `Mutant.Kind`.
    let order = Dictionary(uniqueKeysWithValues: Mutant.Kind.allCases.enumerated().map { ($1, $0) })
    var seen: Set<String> = []
    let unique = walk.found.sorted { order[$0.kind, default: 0] < order[$1.kind, default: 0] }.filter { seen.insert("\($0.edit.start)|\($0.edit.end)|\($0.replacement)").inserted }
    return unique.sorted {
      ($0.edit.start, $0.edit.end, $0.kind.rawValue, $0.replacement) < ($1.edit.start, $1.edit.end, $1.kind.rawValue, $1.replacement)
    }
  }
}
