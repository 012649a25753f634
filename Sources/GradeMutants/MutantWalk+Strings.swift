import Foundation

extension MutantWalk {
  /// A string literal made empty, or an empty one made `"mutant"` (Stryker's string literal mutator).
  ///
  /// A path, a key or a label is a constant the code depends on, and a test that never
  /// reads it lets any other stand. Only literals written with a plain `"` are changed (a
  /// raw `#"…"#` one is rare in lesson code), never a segment of an interpolated string
  /// (the compiler gives it the whole string's range) and never the message of a
  /// `precondition` or `fatalError`, which only a crash shows.
  mutating func string(_ node: Node) {
    // A segment's node sits inside its string's, which counts itself only once inspected.
    guard interpolations == 0, messages == 0 else { return }
    guard MutantType(mangled: Self.type(of: node)) == .string, let covered = range(of: node),
      covered.start < source.bytes.count, source.bytes[covered.start] == UInt8(ascii: "\"")
    else { return }
    let site = (start: covered.start, end: source.tokenEnd(at: covered.start))
    let text = source.text(site.start, site.end)
    let empty = text == "\"\"" || text == "\"\"\"\n\"\"\""
    add(.changedString, site: site, pieces: [.text(empty ? "\"mutant\"" : "\"\"")], form: .expression, effects: Mutant.Effects())
  }
}
