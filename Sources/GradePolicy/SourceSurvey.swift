import Foundation
import GradeProcesses
import GradeResults

/// Reads a learner's files through the compiler's eyes and lists what `CodeRules` refuses.
///
/// The compiler dumps each file's syntax tree as JSON (`-dump-parse`): imports,
/// attributes, conformances marked `@unchecked`, `unsafe` expressions and member
/// references are nodes there, whatever their spelling, so no string, comment or
/// line break can hide one, and no string can pose as one. The parser leaves out
/// the code under `#if`, so a file that holds a conditional-compilation directive
/// is also dumped after type-checking (`-dump-ast`), which shows the code that
/// is compiled. Every `#` word of a file is read from its bytes against an allowlist,
/// since the parser keeps no trace of a directive. Unsafe code is the compiler's to refuse
/// (`Compiler.memorySafetyFlags`), and the symbols a built library holds
/// (`MachineCodeRules`) complete the picture.
package struct SourceSurvey {
  /// Runs the compiler.
  var spawner: Spawner
  /// Clang's module cache, for the type-checked dump.
  var moduleCache: URL

  /// Creates a survey that runs the compiler with `runner`, sharing `moduleCache`.
  package init(spawner: Spawner, moduleCache: URL) {
    self.spawner = spawner
    self.moduleCache = moduleCache
  }

  /// One file to survey.
  package struct File {
    /// Its name in `folder`.
    package var name: String
    /// The path the learner knows it by.
    package var shownAs: String
    /// What it may hold.
    var rules: CodeRules

    /// Creates a file to survey: `name` in the folder, shown as `shownAs`, held to `rules`.
    package init(name: String, shownAs: String, rules: CodeRules) {
      self.name = name
      self.shownAs = shownAs
      self.rules = rules
    }
  }

  /// What surveying found.
  package struct Findings: Sendable, Equatable {
    /// What the files hold that their rules refuse.
    package var refusals: [Refusal] = []
    /// Files the compiler could not dump, so that nothing can be said of them.
    package var unread: [String] = []
    /// For each function by its base name, the members its attributes name, such as `bug` and
    /// `disabled` in `@Test(.bug("…"), .disabled())`: the traits a test carries as written.
    package var traits: [String: Set<String>] = [:]

    /// Creates findings: nothing found unless given.
    package init(refusals: [Refusal] = [], unread: [String] = [], traits: [String: Set<String>] = [:]) {
      self.refusals = refusals
      self.unread = unread
      self.traits = traits
    }
  }

  /// Surveys `files` in `folder`, files of the module `module` (`tests` when they are test files).
  ///
  /// - Parameter typeCheck: The arguments that type-check a file where it stands (its
  ///   companions, module paths), for files whose `#if` code the parser leaves out.
  package func survey(
    _ files: [File], in folder: URL, module: String, lessonModule: String, tests: Bool, typeCheck: [String]
  ) -> Findings {
    let found = Locked(Findings())
    SideBySide.run(files.count, width: SideBySide.cores) { index in
      let file = files[index]
      guard let data = try? Data(contentsOf: folder.appending(path: file.name)) else {
        found.update { $0.unread.append(file.shownAs) }
        return
      }
      var dumps = [["-dump-parse", file.name]]
      if Self.hasDirectives(data) {
        let others = typeCheck.filter { $0 != file.name }
        dumps.append(["-dump-ast", "-primary-file", file.name] + others)
      }
      var refusals = Self.poundWords(in: data).filter { !CodeRules.poundWords.contains($0.word) }.map {
        Refusal(rule: .directive, path: file.shownAs, line: $0.line, found: "#" + $0.word)
      }
      var traits: [String: Set<String>] = [:]
      for dump in dumps {
        let arguments = [Toolchain.frontend, "-frontend"] + dump
          + ["-dump-ast-format", "json", "-parse-as-library", "-module-name", module, "-module-cache-path", moduleCache.path, "-swift-version", "5"]
          + Toolchain.sdkFlags(sdk: Toolchain.appleSDK)
        guard let outcome = try? spawner.run(arguments, in: folder, until: .now + .seconds(120), streams: .separate),
          let tree = try? JSONSerialization.jsonObject(with: outcome.outputBytes)
        else {
          found.update { $0.unread.append(file.shownAs) }
          return
        }
        var walk = Walk(file: file, source: data, lessonModule: lessonModule, tests: tests)
        walk.visit(tree)
        refusals += walk.refusals
        traits.merge(walk.traits) { $0.union($1) }
      }
      found.update {
        $0.refusals += Self.unique(refusals)
        $0.traits.merge(traits) { $0.union($1) }
      }
    }
    var findings = found.value
    findings.refusals.sort { ($0.path, $0.line ?? 0, $0.found) < ($1.path, $1.line ?? 0, $1.found) }
    findings.unread.sort()
    return findings
  }

  /// Whether a file's bytes hold anything that could be a conditional-compilation directive.
  static func hasDirectives(_ data: Data) -> Bool {
    let text = String(decoding: data, as: UTF8.self)
    return ["#if", "#else", "#elseif", "#endif"].contains { text.contains($0) }
  }

  /// Every `#` word in a file's bytes, with its line from 1: a `#` followed by what could
  /// start a name (a letter, `_` or any byte outside ASCII) and the name's bytes, or by a
  /// name in backquotes (a raw identifier), backquotes and all.
  ///
  /// The parser keeps no trace of a directive such as `#sourceLocation` or `#warning`, so the
  /// bytes are read, and all of them: comments and strings too. Telling code from a comment
  /// or a string here would be a second lexer, and where it disagreed with the compiler's, a
  /// directive could hide; a word in prose is reworded at the cost of a refusal that says so.
  static func poundWords(in data: Data) -> [(word: String, line: Int)] {
    let bytes = [UInt8](data)
    let backquote = UInt8(ascii: "`")
    func startsName(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
    func inName(_ byte: UInt8) -> Bool { startsName(byte) || (byte >= 0x30 && byte <= 0x39) }
    var found: [(word: String, line: Int)] = []
    var line = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      index += 1
      guard byte == UInt8(ascii: "#"), index < bytes.count, startsName(bytes[index]) || bytes[index] == backquote else { continue }
      let start = index
      if bytes[index] == backquote {
        index += 1
        while index < bytes.count, bytes[index] != backquote, bytes[index] != UInt8(ascii: "\n"), index - start < 64 { index += 1 }
        if index < bytes.count, bytes[index] == backquote { index += 1 }
      } else {
        while index < bytes.count, inName(bytes[index]), index - start < 64 { index += 1 }
      }
      found.append((String(decoding: bytes[start..<index], as: UTF8.self), line))
    }
    return found
  }

  /// The refusals with each rule, place and finding once.
  package static func unique(_ refusals: [Refusal]) -> [Refusal] {
    var seen: Set<String> = []
    return refusals.filter { seen.insert("\($0.rule):\($0.location):\($0.found)").inserted }
  }

  /// Promises the files `owned` inherit without writing them, as refusals where their rules
  /// refuse the promise: a class that subclasses one marked `@unchecked Sendable` (Foundation's
  /// `Operation`, say) is unchecked too, however deep, and the type checker says so in a
  /// warning on the first class of the module that inherits it.
  ///
  /// The warning's path is the compiler's own: no `#sourceLocation` or other directive that
  /// could make it name another file gets past `poundWords`, which every owned file passes
  /// through before it is compiled.
  package static func inheritedPromises(in warnings: [Diagnostic], owned: [File]) -> [Refusal] {
    let refusing = Set(owned.filter { $0.rules.refusedPromises.contains("@unchecked Sendable") }.map(\.shownAs))
    return unique(warnings.compactMap { warning in
      guard let path = warning.path, refusing.contains(path),
        warning.message.contains("must restate inherited '@unchecked Sendable' conformance")
      else { return nil }
      return Refusal(rule: .uncheckedPromise, path: path, line: warning.line, found: "@unchecked Sendable, inherited from a superclass")
    })
  }

  /// One walk over a file's syntax tree.
  private struct Walk {
    var file: File
    var source: Data
    var lessonModule: String
    var tests: Bool
    var refusals: [Refusal] = []
    var traits: [String: Set<String>] = [:]

    init(file: File, source: Data, lessonModule: String, tests: Bool) {
      self.file = file
      self.source = source
      self.lessonModule = lessonModule
      self.tests = tests
    }

    /// Where the innermost node with a place starts: a node without one (an inherited type,
    /// an expression inside a statement) is put on its parent's line.
    var start: Int?

    mutating func visit(_ node: Any) {
      if let list = node as? [Any] {
        for item in list { visit(item) }
        return
      }
      guard let node = node as? [String: Any] else { return }
      let outer = start
      if let range = node["range"] as? [String: Any], let here = range["start"] as? Int, here >= 0, here <= source.count { start = here }
      inspect(node)
      for (key, value) in node where key != "range" { visit(value) }
      start = outer
    }

    /// The full name of the declaration `node` makes, such as `hash(into:)`, `init(rawValue:)`
    /// or `allCases`; `nil` for a node that is not a function, an initializer or a variable.
    static func fullName(of node: [String: Any]) -> String? {
      // The type-checked tree (`-dump-ast`) also holds what the compiler wrote itself, marked implicit.
      guard node["implicit"] as? Bool != true, let kind = node["_kind"] as? String, ["func_decl", "constructor_decl", "var_decl"].contains(kind),
        let name = node["name"] as? [String: Any], let base = name["base_name"] as? [String: Any],
        let word = (base["name"] as? String) ?? (base["special"] as? String)
      else { return nil }
      guard kind != "var_decl" else { return word }
      let labels = (name["args"] as? [String]) ?? []
      return "\(word)(" + labels.map { "\($0.isEmpty ? "_" : $0):" }.joined() + ")"
    }

    mutating func refuse(_ rule: Refusal.Rule, _ found: String, at node: [String: Any]) {
      refusals.append(Refusal(rule: rule, path: file.shownAs, line: line(of: node), found: found))
    }

    mutating func inspect(_ node: [String: Any]) {
      let kind = node["_kind"] as? String ?? ""
      let rules = file.rules
      if kind == "func_decl", let name = ((node["name"] as? [String: Any])?["base_name"] as? [String: Any])?["name"] as? String,
        let attributes = node["attrs"] as? [Any]
      {
        traits[name, default: []].formUnion(Self.memberNames(in: attributes))
      }
      if kind == "func_decl", let allowed = rules.operators,
        let name = ((node["name"] as? [String: Any])?["base_name"] as? [String: Any])?["name"] as? String,
        // An operator's name starts with an operator character; `$defer`, the name the parser
        // gives a defer block, and every other identifier start with something else.
        let first = name.unicodeScalars.first, !(first == "_" || first == "$" || first.properties.isXIDStart), !allowed.contains(name)
      {
        refuse(.operatorFunction, name, at: node)
      }
      if let allowed = rules.witnesses, let name = Self.fullName(of: node), CodeRules.synthesized.contains(name), !allowed.contains(name) {
        refuse(.synthesizedWitness, name, at: node)
      }
      if kind == "import_decl", let path = node["module_path"] as? [String], let module = path.first {
        if rules.leftBehind.contains(module) {
          refuse(.leftBehind, module, at: node)
        } else if !rules.mayImport(module, lessonModule: lessonModule, tests: tests) {
          var refusal = Refusal(rule: .module, path: file.shownAs, line: line(of: node), found: module)
          refusal.allowed = [lessonModule] + (tests ? ["Testing"] : []) + rules.imports
          refusals.append(refusal)
        }
      }
      if kind.hasSuffix("_attr"), node["range"] != nil {
        let name = attributeName(at: node)
        if name.hasPrefix("_") {
          refuse(.underscoredAttribute, "@" + name, at: node)
        } else if !CodeRules.attributes.contains(kind) {
          refuse(.attribute, "@" + (name.isEmpty ? String(kind.dropLast(5)) : name), at: node)
        }
      }
      if kind.hasSuffix("_decl"), !CodeRules.declarations.contains(kind) {
        refuse(.declaration, kind == "macro_decl" ? "a macro declaration" : "a declaration of the kind \(kind.dropLast(5))", at: node)
      }
      if rules.thinView, let logic = CodeRules.logic[kind], !CodeRules.isDiscard(node) { refuse(.logicInView, logic, at: node) }
      switch kind {
      case "safe_attr": refuse(.unsafeMarking, "@safe", at: node)
      case "unsafe_attr": refuse(.unsafeMarking, "@unsafe", at: node)
      case "unsafe_expr": refuse(.unsafeMarking, "unsafe", at: node)
      case "nonisolated_attr" where node["unsafe"] as? Bool == true && rules.refusedPromises.contains("nonisolated(unsafe)"):
        refuse(.uncheckedPromise, "nonisolated(unsafe)", at: node)
      case "preconcurrency_attr" where rules.refusedPromises.contains("@preconcurrency"):
        refuse(.uncheckedPromise, "@preconcurrency", at: node)
      default: break
      }
      if node["preconcurrency"] as? Bool == true, rules.refusedPromises.contains("@preconcurrency") {
        refuse(.uncheckedPromise, "@preconcurrency", at: node)
      }
      // `@unchecked` on a conformance, as written (parse) or as checked (type-checked dump).
      if node["unchecked"] as? Bool == true, kind == "inherited_entry" || kind == "normal_conformance",
        rules.refusedPromises.contains("@unchecked Sendable")
      {
        refuse(.uncheckedPromise, "@unchecked Sendable", at: node)
      }
      if node["unsafe"] as? Bool == true, kind == "inherited_entry" || kind == "normal_conformance" {
        refuse(.unsafeMarking, "@unsafe", at: node)
      }
      for key in ["field", "name", "base_name", "id"] {
        guard let name = node[key] as? String else { continue }
        if CodeRules.callStackMembers.contains(name) { refuse(.callStack, name, at: node) }
        if let module = rules.leftBehind.first(where: { name.hasPrefix($0) }) { refuse(.leftBehind, module, at: node) }
      }
    }

    /// The names of every member an attribute's arguments use, such as `.bug(…)`.
    static func memberNames(in node: Any) -> Set<String> {
      if let list = node as? [Any] { return list.reduce(into: []) { $0.formUnion(memberNames(in: $1)) } }
      guard let node = node as? [String: Any] else { return [] }
      var names: Set<String> = []
      if node["_kind"] as? String == "unresolved_member_expr", let name = node["name"] as? String { names.insert(name) }
      for value in node.values { names.formUnion(memberNames(in: value)) }
      return names
    }

    /// The name of the attribute a node stands for, read from the source where the node says it is.
    func attributeName(at node: [String: Any]) -> String {
      guard let range = node["range"] as? [String: Any], let start = range["start"] as? Int, start >= 0, start < source.count else {
        return ""
      }
      var index = start
      if source[index] == UInt8(ascii: "@") { index += 1 }
      var name: [UInt8] = []
      while index < source.count, name.count < 64 {
        let byte = source[index]
        guard byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) else { break }
        name.append(byte)
        index += 1
      }
      return String(decoding: name, as: UTF8.self)
    }

    /// The line a node starts on, from 1, or its nearest placed parent's; `nil` when none has a place.
    func line(of node: [String: Any]) -> Int? {
      guard let start else { return nil }
      return source.prefix(start).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
  }
}
