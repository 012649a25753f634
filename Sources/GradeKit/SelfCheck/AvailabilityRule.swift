import Foundation
import GradeProcesses
import GradeResults
import Synchronization

/// `grade check`'s availability rule: every API a lesson's files use exists on the oldest
/// macOS `Package.swift` declares (`.macOS(.v15)`), or the use is guarded.
///
/// Linux checks no availability, so a lesson that uses `Observations` or `Task.immediate`
/// (macOS 26) unguarded builds here and fails only on a Mac. What needs a newer macOS is read
/// from the `@available` attributes of the toolchain's interfaces (`newerAPIs(inInterface:…)`);
/// what a file uses, from the compiler's type-checked dump, where every reference names its
/// declaration by USR (`uses(inDump:…)`). A use inside `if #available(macOS 26, *)`, after
/// `guard #available(macOS 26, *)`, or in a declaration marked `@available(macOS 26, …)` is
/// guarded. Matching is by name and argument labels, so an old overload that shares both
/// with a new one would be taken for it.
struct AvailabilityRule {
  /// The modules whose interfaces are read: those a lesson may use that are versioned with macOS.
  static let modules = ["Swift", "_Concurrency", "Observation", "Synchronization", "Testing"]
  /// The oldest macOS `Package.swift` declares.
  static let deployment = OSVersion("15.0")!

  /// A macOS version, such as 26.0.
  struct OSVersion: Comparable, Hashable, CustomStringConvertible {
    var parts: [Int]
    init?(_ text: some StringProtocol) {
      let parts = text.split(separator: ".").map { Int($0) }
      guard !parts.isEmpty, !parts.contains(nil) else { return nil }
      self.parts = parts.compactMap { $0 }
      while self.parts.count < 2 { self.parts.append(0) }
    }
    static func < (lhs: OSVersion, rhs: OSVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }
    var description: String { parts.map(String.init).joined(separator: ".") }
  }

  /// A declaration that needs a newer macOS than the deployment target.
  struct NewerAPI: Hashable {
    /// Its module.
    var module: String
    /// Its type names and its own name, without the module: `["Task", "immediate"]`.
    var path: [String]
    /// Its argument labels, `name:priority:`, for a function; `nil` for a type or a property.
    var labels: String?
    /// The macOS it needs.
    var macOS: OSVersion
    /// How a learner reads it: `Task.immediate(name:priority:)`.
    var shown: String { path.joined(separator: ".") + (labels.map { "(\($0))" } ?? "") }
  }

  /// A reference to a declaration in a file, from the dump.
  struct Use: Hashable {
    /// The declaration's USR.
    var usr: String
    /// Where in the file (a byte offset).
    var offset: Int
    /// The newest macOS the code around it is guarded for, if any.
    var guardedFor: OSVersion?
  }

  /// A use of an API newer than the deployment target, unguarded.
  struct Finding: Hashable {
    var line: Int
    var api: NewerAPI
  }

  // MARK: - The interfaces

  /// Every declaration in `text`, the interface of `module`, that needs a macOS newer than
  /// `deployment`, its own `@available` or that of a type or extension around it.
  static func newerAPIs(inInterface text: String, module: String, deployment: OSVersion = deployment) -> [NewerAPI] {
    /// A type or extension whose members are being read.
    struct Context { var path: [String]; var macOS: OSVersion?; var depth: Int }
    var found: [NewerAPI] = []
    var contexts: [Context] = []
    var depth = 0
    var pending: OSVersion? = nil
    var pendingUnavailable = false
    // Only the first branch of an #if is read, so a declaration spelled twice opens one brace.
    var branches: [Bool] = []
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if") { branches.append(true); continue }
      if line.hasPrefix("#else") || line.hasPrefix("#elseif") { if !branches.isEmpty { branches[branches.count - 1] = false }; continue }
      if line.hasPrefix("#endif") { _ = branches.popLast(); continue }
      if branches.contains(false) { continue }
      let braces = braceChange(line)
      defer {
        depth += braces
        while let last = contexts.last, last.depth > depth { contexts.removeLast() }
      }
      guard depth == (contexts.last?.depth ?? 0), !line.isEmpty, !line.hasPrefix("//") else { continue }
      let (attributes, rest) = splitAttributes(line)
      for attribute in attributes {
        switch macOSAvailability(attribute) {
        case .introduced(let version): pending = max(pending ?? version, version)
        case .unavailable: pendingUnavailable = true
        case nil: break
        }
      }
      guard !rest.isEmpty else { continue }
      defer { pending = nil; pendingUnavailable = false }
      guard let declaration = declaration(rest) else { continue }
      let inherited = contexts.last?.macOS
      let needs = [pending, inherited].compactMap { $0 }.max()
      let path: [String]
      if declaration.isExtension {
        path = declaration.names.first.map { modules.contains($0) || $0 == module ? Array(declaration.names.dropFirst()) : declaration.names } ?? []
      } else {
        path = (contexts.last?.path ?? []) + declaration.names
      }
      // An extension's own availability is its members', not the extended type's.
      if let needs, needs > deployment, !pendingUnavailable, !path.isEmpty, !declaration.isExtension {
        found.append(NewerAPI(module: module, path: path, labels: declaration.labels, macOS: needs))
      }
      if declaration.isType, braces > 0 {
        contexts.append(Context(path: path, macOS: declaration.isExtension ? pending : needs, depth: depth + braces))
      }
    }
    return found
  }

  /// What an `@available` attribute says of macOS.
  enum MacOSAvailability: Equatable { case introduced(OSVersion), unavailable }

  /// What `attribute` (`@available(…)`) says of macOS, or `nil` when it says nothing.
  static func macOSAvailability(_ attribute: String) -> MacOSAvailability? {
    guard attribute.hasPrefix("@available("), attribute.hasSuffix(")") else { return nil }
    let items = attribute.dropFirst("@available(".count).dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    if items.first == "*", items.contains("unavailable") { return .unavailable }
    if items.first == "macOS" {
      if items.contains("unavailable") { return .unavailable }
      for item in items where item.hasPrefix("introduced:") {
        return OSVersion(item.dropFirst("introduced:".count).trimmingCharacters(in: .whitespaces)).map { .introduced($0) }
      }
      return nil
    }
    for item in items where item.hasPrefix("macOS ") {
      return OSVersion(item.dropFirst("macOS ".count)).map { .introduced($0) }
    }
    return nil
  }

  /// A line's attributes (`@available(…)`, `@inlinable`), and what follows them.
  static func splitAttributes(_ line: String) -> (attributes: [String], rest: String) {
    var attributes: [String] = []
    var rest = Substring(line)
    while rest.first == "@" {
      var end = rest.index(after: rest.startIndex)
      while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" { end = rest.index(after: end) }
      if end < rest.endIndex, rest[end] == "(" {
        var level = 0
        while end < rest.endIndex {
          if rest[end] == "(" { level += 1 }
          if rest[end] == ")" { level -= 1; if level == 0 { end = rest.index(after: end); break } }
          end = rest.index(after: end)
        }
      }
      attributes.append(String(rest[..<end]))
      rest = rest[end...].drop { $0 == " " }
    }
    return (attributes, String(rest))
  }

  /// A declaration line's names and labels.
  struct Declaration { var names: [String]; var labels: String?; var isType: Bool; var isExtension: Bool }

  /// The declaration `text` begins (after its attributes), or `nil` for a line that declares nothing named.
  static func declaration(_ text: String) -> Declaration? {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    let members: Set<Substring> = ["func", "var", "let", "subscript", "init", "init?", "init!"]
    for (index, word) in words.enumerated() {
      let next = index + 1 < words.count ? words[index + 1] : ""
      func name(_ word: Substring) -> String {
        String(word.prefix { !"(<:{,".contains($0) })
      }
      switch word {
      case "struct", "enum", "protocol", "actor":
        return Declaration(names: [name(next)], labels: nil, isType: true, isExtension: false)
      case "class" where !members.contains(next) && next != "class":
        return Declaration(names: [name(next)], labels: nil, isType: true, isExtension: false)
      case "extension":
        return Declaration(names: name(next).split(separator: ".").map(String.init), labels: nil, isType: true, isExtension: true)
      case "var", "let":
        return Declaration(names: [name(next)], labels: nil, isType: false, isExtension: false)
      case "typealias":
        return Declaration(names: [name(next)], labels: nil, isType: false, isExtension: false)
      case "func":
        return Declaration(names: [name(next)], labels: labels(after: text, isSubscript: false), isType: false, isExtension: false)
      case _ where word.hasPrefix("init"):
        return Declaration(names: ["init"], labels: labels(after: text, isSubscript: false), isType: false, isExtension: false)
      case _ where word.hasPrefix("subscript"):
        return Declaration(names: ["subscript"], labels: labels(after: text, isSubscript: true), isType: false, isExtension: false)
      case _ where ["infix", "prefix", "postfix"].contains(word) && members.contains(next):
        // `prefix func -` declares the function the next word begins.
        continue
      case "case", "import", "macro", "associatedtype", "deinit", "operator", "precedencegroup", "infix", "prefix", "postfix":
        return nil
      default:
        continue
      }
    }
    return nil
  }

  /// The argument labels of the first parameter list in `text`, as `a:_:b:`.
  static func labels(after text: String, isSubscript: Bool) -> String? {
    guard let open = text.firstIndex(of: "(") else { return nil }
    var level = 0
    var current = ""
    var parameters: [String] = []
    for character in text[open...] {
      if "([<".contains(character) { level += 1; if level == 1 { continue } }
      if ")]>".contains(character) {
        level -= 1
        if level == 0 { parameters.append(current); break }
      }
      if character == ",", level == 1 { parameters.append(current); current = ""; continue }
      current.append(character)
    }
    let labels = parameters.map { splitAttributes($0.trimmingCharacters(in: .whitespaces)).rest }.filter { !$0.isEmpty }.map { parameter -> String in
      let head = parameter.prefix { $0 != ":" }.split(separator: " ")
      if isSubscript { return head.count > 1 ? String(head[0]) : "_" }
      return head.first.map(String.init) ?? "_"
    }
    return labels.map { $0 + ":" }.joined()
  }

  /// How many braces a line opens, less those it closes, outside string literals.
  static func braceChange(_ line: String) -> Int {
    var change = 0
    var inString = false
    var previous: Character = " "
    for character in line {
      if character == "\"", previous != "\\" { inString.toggle() }
      if !inString {
        if character == "{" { change += 1 }
        if character == "}" { change -= 1 }
      }
      previous = character
    }
    return change
  }

  private static let cached = Mutex<[String: [NewerAPI]]>([:])

  /// The newer APIs of every module in `modules`, read once per toolchain from its interfaces.
  static func newerAPIs(toolchain: String) -> [NewerAPI] {
    if let known = cached.withLock({ $0[toolchain] }) { return known }
    var found: [NewerAPI] = []
    let manager = FileManager.default
    // The first folder that holds a module's interface: a Mac keeps them in the SDK and Testing's framework.
    let interfaces = Toolchain.hostInterfaceFolders(toolchain: toolchain).map { URL(fileURLWithPath: $0) }
    for module in modules {
      for folder in interfaces.map({ $0.appending(path: "\(module).swiftmodule") }) {
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        guard let name = names.sorted().first(where: { $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface") }),
          let text = try? String(contentsOf: folder.appending(path: name), encoding: .utf8)
        else { continue }
        found += newerAPIs(inInterface: text, module: module)
        break
      }
    }
    cached.withLock { $0[toolchain] = found }
    return found
  }

  // MARK: - The dump

  /// Every reference to a declaration in a type-checked dump (`-dump-ast -dump-ast-format json`)
  /// of one file, with the newest macOS the code around it is guarded for. A reference inside a
  /// macro's expansion (`#expect(…)`) is placed where the macro is used.
  static func uses(inDump tree: Any) -> [Use] {
    var uses: [Use] = []
    /// A guarded stretch of the file.
    struct Region { var start: Int; var end: Int; var macOS: OSVersion }
    func range(_ node: [String: Any]) -> (start: Int, end: Int)? {
      guard let range = node["range"] as? [String: Any], range["buffer_id"] == nil,
        let start = range["start"] as? Int, let end = range["end"] as? Int
      else { return nil }
      return (start, end)
    }
    func availableVersion(_ conditions: Any?) -> OSVersion? {
      guard let conditions = conditions as? [[String: Any]] else { return nil }
      for condition in conditions where condition["_kind"] as? String == "#available" {
        for query in condition["queries"] as? [[String: Any]] ?? [] where query["domain"] as? String == "macOS" {
          if let version = (query["version"] as? String).flatMap(OSVersion.init) { return version }
        }
      }
      return nil
    }
    func visit(_ value: Any, anchor: Int, regions: [Region], brace: (start: Int, end: Int)?) {
      if let list = value as? [Any] {
        // A guard's #available covers the rest of the braces it is in.
        var regions = regions
        for item in list {
          visit(item, anchor: anchor, regions: regions, brace: brace)
          if let node = item as? [String: Any], node["_kind"] as? String == "guard_stmt",
            let version = availableVersion(node["conditions"]), let own = range(node), let brace
          {
            regions.append(Region(start: own.end, end: brace.end, macOS: version))
          }
        }
        return
      }
      guard let node = value as? [String: Any] else { return }
      let kind = node["_kind"] as? String ?? ""
      // What the compiler writes itself (an actor's executor, a memberwise init) picks
      // overloads the deployment target has; the learner's code around it is dumped apart.
      if kind.hasSuffix("_decl"), node["implicit"] as? Bool == true { return }
      let own = range(node)
      let anchor = own?.start ?? anchor
      var regions = regions
      if kind.hasSuffix("_decl"), let own, let attributes = node["attrs"] as? [[String: Any]] {
        for attribute in attributes where attribute["_kind"] as? String == "available_attr" && attribute["domain"] as? String == "macOS" {
          if let version = (attribute["introduced"] as? String).flatMap(OSVersion.init) {
            regions.append(Region(start: own.start, end: own.end, macOS: version))
          }
        }
      }
      if let reference = node["decl"] as? [String: Any], let usr = reference["decl_usr"] as? String, usr.hasPrefix("s:") {
        let guarded = regions.filter { $0.start <= anchor && anchor <= $0.end }.map(\.macOS).max()
        uses.append(Use(usr: usr, offset: anchor, guardedFor: guarded))
      }
      let brace = kind == "brace_stmt" ? own ?? brace : brace
      // A reference's `decl` names its declaration and holds no code; any other `decl` is walked.
      for (key, child) in node where key != "range" && key != "attrs" && !(key == "decl" && (child as? [String: Any])?["decl_usr"] != nil) {
        var childRegions = regions
        if key == "then_stmt", kind == "if_stmt", let version = availableVersion(node["conditions"]),
          let then = (child as? [String: Any]).flatMap(range)
        {
          childRegions.append(Region(start: then.start, end: then.end, macOS: version))
        }
        visit(child, anchor: anchor, regions: childRegions, brace: brace)
      }
    }
    visit(tree, anchor: 0, regions: [], brace: nil)
    return Array(Set(uses)).sorted { ($0.offset, $0.usr) < ($1.offset, $1.usr) }
  }

  /// A demangled declaration's module, path and labels: `Swift.Task.immediate(name: Swift.String?)`
  /// gives `Swift`, `["Task", "immediate"]`, `name:`.
  static func declaration(demangled text: String) -> (module: String, path: [String], labels: String?)? {
    var text = Substring(text)
    for prefix in ["static ", "dispatch thunk of "] where text.hasPrefix(prefix) {
      text = text.dropFirst(prefix.count)
    }
    // `(extension in _Concurrency):Swift.Task` is Swift.Task.
    while let start = text.range(of: "(extension in "), let end = text[start.upperBound...].range(of: "):") {
      text.removeSubrange(start.lowerBound..<end.upperBound)
    }
    // Generic arguments and requirements are left out: Task<A, B where B == Never> is Task.
    var plain = ""
    var angle = 0
    for character in text {
      if character == "<" { angle += 1; continue }
      if character == ">", angle > 0 { angle -= 1; continue }
      if angle == 0 { plain.append(character) }
    }
    let nameEnd = [plain.firstIndex(of: "("), plain.range(of: " : ")?.lowerBound].compactMap { $0 }.min() ?? plain.endIndex
    let components = plain[..<nameEnd].split(separator: ".").map(String.init)
    guard components.count >= 2 else { return nil }
    var labels: String? = nil
    if nameEnd < plain.endIndex, plain[nameEnd] == "(" {
      labels = demangledLabels(String(plain[nameEnd...]))
    }
    return (components[0], Array(components.dropFirst()), labels)
  }

  /// The labels of a demangled parameter list, `(name: Swift.String?, Swift.Int)` giving `name:_:`.
  static func demangledLabels(_ list: String) -> String {
    var level = 0
    var current = ""
    var parameters: [String] = []
    for character in list {
      if "([".contains(character) { level += 1; if level == 1 { continue } }
      if ")]".contains(character) { level -= 1; if level == 0 { parameters.append(current); break } }
      if character == ",", level == 1 { parameters.append(current); current = ""; continue }
      current.append(character)
    }
    return parameters.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { parameter -> String in
      let head = parameter.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      return parameter.dropFirst(head.count).hasPrefix(": ") && !head.isEmpty ? head + ":" : "_:"
    }.joined()
  }

  /// The API among `apis` that the demangled declaration is, or belongs to.
  static func match(_ demangled: String, in apis: [NewerAPI]) -> NewerAPI? {
    guard let declaration = declaration(demangled: demangled) else { return nil }
    let concurrency: Set<String> = ["Swift", "_Concurrency"]
    return apis.filter { api in
      let sameModule = api.module == declaration.module || (concurrency.contains(api.module) && concurrency.contains(declaration.module))
      guard sameModule, declaration.path.starts(with: api.path) else { return false }
      guard let labels = api.labels else { return true }
      return declaration.path.count == api.path.count && declaration.labels == labels
    }.max { $0.macOS < $1.macOS }
  }

  /// The unguarded uses of newer APIs among `uses`, in `source`, given each USR's demangled name.
  static func findings(_ uses: [Use], source: Data, demangled: [String: String], apis: [NewerAPI]) -> [Finding] {
    var found: Set<Finding> = []
    let bytes = [UInt8](source)
    for use in uses {
      guard let name = demangled[use.usr], let api = match(name, in: apis), (use.guardedFor ?? deployment) < api.macOS else { continue }
      let line = 1 + bytes.prefix(min(use.offset, bytes.count)).filter { $0 == UInt8(ascii: "\n") }.count
      found.insert(Finding(line: line, api: api))
    }
    return found.sorted { ($0.line, $0.api.shown) < ($1.line, $1.api.shown) }
  }

  /// Each USR in `usrs` demangled by the toolchain's `swift-demangle`.
  static func demangle(_ usrs: [String], toolchain: String, spawner: Spawner) -> [String: String] {
    let unique = Array(Set(usrs)).sorted()
    guard !unique.isEmpty,
      let outcome = try? spawner.run(
        ["\(toolchain)/bin/swift-demangle", "--compact"] + unique.map { "$s" + $0.dropFirst(2) }, until: .now + .seconds(60),
        streams: .separate),
      outcome.succeeded
    else { return [:] }
    let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= unique.count else { return [:] }
    return Dictionary(uniqueKeysWithValues: zip(unique, lines.prefix(unique.count)))
  }

  /// The unguarded uses of newer APIs in each of `names` in `folder`, type-checked together as
  /// `module` with `flags` (module search paths, the lesson's settings), by file name; a file the
  /// compiler could not dump maps to `nil`. One compiler dumps every file, each as a primary file,
  /// so the module is type-checked once per folder, not once per file.
  static func check(
    _ names: [String], in folder: URL, module: String, flags: [String], moduleCache: URL, toolchain: String, spawner: Spawner
  ) -> [String: [Finding]?] {
    let apis = newerAPIs(toolchain: toolchain)
    // A type-checked dump of a test file runs to megabytes.
    var spawner = spawner
    spawner.outputLimit = 256 << 20
    let arguments = ["\(toolchain)/bin/swift-frontend", "-frontend", "-dump-ast"] + names.flatMap { ["-primary-file", $0] }
      + ["-dump-ast-format", "json", "-module-name", module, "-module-cache-path", moduleCache.path, "-swift-version", "5",
        ] + Toolchain.frontendFlags(toolchain: toolchain, sdk: Toolchain.appleSDK, platform: Toolchain.applePlatform) + flags
    var trees: [String: Any] = [:]
    if let outcome = try? spawner.run(arguments, in: folder, until: .now + .seconds(300), streams: .separate) {
      for dump in splitDumps(outcome.outputBytes) {
        if let tree = try? JSONSerialization.jsonObject(with: dump) as? [String: Any], let name = tree["filename"] as? String {
          trees[name] = tree
        }
      }
    }
    let used = trees.mapValues { Self.uses(inDump: $0) }
    let demangled = demangle(used.values.flatMap { $0.map(\.usr) }, toolchain: toolchain, spawner: spawner)
    var found: [String: [Finding]?] = [:]
    for name in names {
      guard let uses = used[name], let source = try? Data(contentsOf: folder.appending(path: name)) else {
        found[name] = .some(nil)
        continue
      }
      found[name] = findings(uses, source: source, demangled: demangled, apis: apis)
    }
    return found
  }

  /// The dumps of several primary files, which the compiler writes one after another with
  /// nothing between: each starts `{"_kind":"source_file"` right after the previous one's
  /// last brace, which no string in a dump can hold unescaped.
  static func splitDumps(_ output: Data) -> [Data] {
    let bytes = [UInt8](output)
    let start = Array(#"}{"_kind":"source_file""#.utf8)
    var dumps: [Data] = []
    var begin = 0
    var index = 0
    while index + start.count <= bytes.count {
      if bytes[index] == start[0], bytes[index..<(index + start.count)].elementsEqual(start) {
        dumps.append(Data(bytes[begin...index]))
        begin = index + 1
        index += start.count
      } else {
        index += 1
      }
    }
    if begin < bytes.count { dumps.append(Data(bytes[begin...])) }
    return dumps
  }
}
