/// The small edits that take one technique out of a solution's file: a fixture without a
/// technique written as what changes (`Without/<name>/Tests/Foo.swift.edits`) rather than as a
/// whole copy of the file, so it says what it removes and follows the file when the rest changes.
///
/// The file holds blocks of a text to find and the text to put in its place; lines outside the
/// blocks are prose for the reader, such as why the edit takes the technique out:
///
/// ```text
/// The recording clock's waits are never read.
/// <<< replace
///     #expect(clock.waits == [.seconds(1), .seconds(2)])
/// === with
/// >>>
/// ```
///
/// Each text to find must occur exactly once in the file, so an edit never lands in the wrong place
/// and a solution changed under it fails loudly instead of proving nothing.
public struct FixtureEdits: Sendable, Equatable {
  /// One text to find and its replacement, each whole lines without their last line break.
  public struct Edit: Sendable, Equatable {
    /// The text that must occur exactly once in the file.
    public var replace: String
    /// What takes its place; empty to delete it.
    public var with: String
  }

  /// Why an edits file cannot be read or applied.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    /// What is wrong, completing "the edits ...".
    public var description: String
  }

  /// The suffix that marks a file of edits: `Foo.swift.edits` edits `Foo.swift`.
  public static let suffix = ".edits"

  /// The edits, in the order they are applied.
  public var edits: [Edit]

  /// Reads the blocks of `text`.
  public init(parsing text: String) throws(Problem) {
    enum Part { case prose, replace, with }
    var part = Part.prose
    var replace: [Substring] = []
    var with: [Substring] = []
    var edits: [Edit] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      // A marker is the whole line, so Swift code (`<<<` is not an operator anyone writes here) never starts a block.
      switch (part, line.trimmingTrailingSpaces) {
      case (.prose, "<<< replace"): part = .replace
      case (.replace, "=== with"): part = .with
      case (.with, ">>>"):
        guard !replace.isEmpty else { throw Problem(description: "have an empty text to replace before line \(index + 1)") }
        edits.append(Edit(replace: replace.joined(separator: "\n"), with: with.joined(separator: "\n")))
        (part, replace, with) = (.prose, [], [])
      case (.replace, _): replace.append(line)
      case (.with, _): with.append(line)
      case (.prose, "=== with"), (.prose, ">>>"):
        throw Problem(description: "have \"\(line)\" at line \(index + 1) outside a block that opens with \"<<< replace\"")
      case (.prose, _): continue
      }
    }
    guard part == .prose else { throw Problem(description: "end inside a block: each \"<<< replace\" needs its \"=== with\" and \">>>\"") }
    guard !edits.isEmpty else { throw Problem(description: "hold no block \"<<< replace\" … \"=== with\" … \">>>\"") }
    self.edits = edits
  }

  /// `text` with every edit applied in turn.
  public func applied(to text: String) throws(Problem) -> String {
    var result = text
    for (number, edit) in edits.enumerated() {
      let found = result.ranges(of: edit.replace)
      guard found.count == 1, let range = found.first else {
        let times = found.isEmpty ? "nowhere" : "\(found.count) times"
        throw Problem(description: "find the text of block \(number + 1) \(times) in the file; it must occur exactly once: \(edit.replace.prefix(80))")
      }
      result.replaceSubrange(range, with: edit.with)
    }
    return result
  }
}

extension Substring {
  /// The line without the spaces and tabs at its end, which an editor may leave after a marker.
  fileprivate var trimmingTrailingSpaces: Substring {
    var line = self
    while line.last == " " || line.last == "\t" || line.last == "\r" { line.removeLast() }
    return line
  }
}
