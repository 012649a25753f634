import GradeEvents
import GradeResults

extension Diagnostic {
  /// The errors (and, when asked, the warnings) the compiler recorded, once each, with paths
  /// in the learner's terms.
  ///
  /// The grader compiles from a folder of copies, by bare file name, so a diagnostic's
  /// file is a name that `shownAs` maps to the path the learner knows. An error inside a
  /// macro expansion is recorded at a generated file; its note ("in expansion of macro
  /// 'require' here") says where the learner wrote the macro, and that is where it is put.
  package static func errors(
    in messages: [SerializedDiagnostics.Message], shownAs: [String: String], warnings: Bool = false
  ) -> [Diagnostic] {
    var seen: Set<String> = []
    var result: [Diagnostic] = []
    for message in messages {
      let isWarning = message.severity == .warning
      guard message.severity == .error || message.severity == .fatal || (warnings && isWarning) else { continue }
      var diagnostic = Diagnostic(path: nil, line: message.line, column: message.column,
                                  message: ShownText.escaped(message.text, limit: ShownText.messageLimit))
      diagnostic.group = message.group
      diagnostic.isWarning = isWarning
      var place = message
      if let file = message.file, Self.isGenerated(file),
        let origin = message.notes.first(where: { note in note.file.map { !Self.isGenerated($0) } ?? false })
      {
        place = origin
      }
      if let file = place.file {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        diagnostic.path = shownAs[file] ?? shownAs[name] ?? file
        diagnostic.line = place.line
        diagnostic.column = place.column
      }
      let key = "\(diagnostic.location ?? ""):\(diagnostic.isWarning):\(diagnostic.message)"
      if seen.insert(key).inserted { result.append(diagnostic) }
    }
    return result
  }

  /// Whether a file is one the compiler made for a macro expansion.
  private static func isGenerated(_ file: String) -> Bool {
    file.contains("swift-generated-sources") || file.contains("@__swiftmacro_")
  }
}
