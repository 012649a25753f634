import Foundation
import Testing

@testable import GradeMutants
@testable import GradeKit
@testable import GradeProcesses

/// Mutants made from the compiler's view of a file, and the schema that holds them all.
@Suite("Mutants")
struct MutantTests {
  /// The package's root, for the real solutions.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// A module cache the tests share.
  static let moduleCache = FileManager.default.temporaryDirectory.appending(path: "mutant-tests-module-cache")

  /// A fresh folder holding `files` (name to text).
  static func folder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "mutants-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: folder.appending(path: name)) }
    return folder
  }

  /// The line of `text` in `file`'s source, from 1.
  static func line(of text: String, in source: String) -> Int? {
    source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 1 }
  }

  static let wallet = """
    struct Wallet {
      var coins: [Int] = []
      var owner = ""
      mutating func add(_ amount: Int, note: String) -> Bool {
        defer { coins.append(0) }
        guard amount > 0 else { return false }
        if amount >= 100 && note.isEmpty { return true }
        owner = owner + note
        coins.append(amount * 2)
        return coins.count == 3
      }
      func total() -> Int { coins.reduce(0, +) }
      func first() -> Int? { coins.first }
      func names() -> [String] { [owner + "!"] }
    }

    """

  /// The mutants of `text`, a one-file module.
  static func mutants(of text: String, name: String = "Sample.swift") throws -> [Mutant] {
    let folder = try folder([name: text])
    defer { try? FileManager.default.removeItem(at: folder) }
    return try MutantMaker(moduleCache: moduleCache).mutants(of: folder.appending(path: name), companions: [], module: "Sample")
  }

  @Test("each kind appears where the code has it, described as a learner reads it")
  func kinds() throws {
    let found = try Self.mutants(of: Self.wallet)
    func has(_ kind: Mutant.Kind, line: Int, _ description: String) -> Bool {
      found.contains { $0.kind == kind && $0.line == line && $0.description == description }
    }
    #expect(has(.relationalOperator, line: 6, "`amount > 0` becomes `amount >= 0`"))
    #expect(has(.relationalOperator, line: 6, "`amount > 0` becomes `amount <= 0`"))
    // Negating a comparison is its negated neighbour, already there: not made twice.
    #expect(!found.contains { $0.kind == .negatedCondition && $0.line == 6 })
    #expect(has(.negatedCondition, line: 7, "`amount >= 100 && note.isEmpty` becomes `!(amount >= 100 && note.isEmpty)`"))
    #expect(has(.removedGuard, line: 6, "the guard `amount > 0` never exits: its condition becomes `true`"))
    #expect(has(.logicalOperator, line: 7, "`amount >= 100 && note.isEmpty` becomes `amount >= 100 || note.isEmpty`"))
    #expect(has(.removedDefer, line: 5, "the `defer` body (`coins.append(0)`) never runs"))
    #expect(has(.droppedStatement, line: 8, "`owner = owner + note` is left out"))
    #expect(has(.droppedStatement, line: 9, "`coins.append(amount * 2)` is left out"))
    #expect(has(.arithmeticOperator, line: 9, "`amount * 2` becomes `amount / 2`"))
    #expect(has(.nudgedConstant, line: 7, "`100` becomes `101`"))
    #expect(has(.nudgedConstant, line: 7, "`100` becomes `99`"))
    #expect(has(.flippedBoolean, line: 6, "`false` becomes `true`"))
    #expect(has(.replacedReturn, line: 10, "returns `!(coins.count == 3)` instead of `coins.count == 3`"))
    #expect(has(.replacedReturn, line: 12, "returns `0` instead of `coins.reduce(0, +)`"))
    #expect(has(.replacedReturn, line: 13, "returns `nil` instead of `coins.first`"))
    #expect(has(.replacedReturn, line: 14, "returns `[]` instead of `[owner + \"!\"]`"))
    #expect(found.allSatisfy { $0.declaration.hasPrefix("Wallet.") })
    #expect(found.contains { $0.declaration == "Wallet.add(_:note:)" && $0.line == 9 })
    // A returned `false` is already flipped; it is not also negated.
    #expect(!found.contains { $0.kind == .replacedReturn && $0.original == "false" })
  }

  @Test("a mutant survives a trip through JSON, and applies to its file alone")
  func codable() throws {
    let found = try Self.mutants(of: Self.wallet)
    let decoded = try JSONDecoder().decode([Mutant].self, from: JSONEncoder().encode(found))
    #expect(decoded == found)
    let boundary = try #require(found.first { $0.description == "`amount * 2` becomes `amount / 2`" })
    let applied = boundary.applied(to: Data(Self.wallet.utf8))
    #expect(applied == Self.wallet.replacingOccurrences(of: "amount * 2", with: "amount / 2"))
  }

  @Test("a negative literal is nudged from its own value, and one change is one mutant")
  func negativeLiterals() throws {
    let found = try Self.mutants(of: "func floor() -> Int { return -1 }\n")
    #expect(Set(found.map(\.description)) == ["`-1` becomes `0`", "`-1` becomes `(-2)`"])
    #expect(found.map(\.kind) == [.nudgedConstant, .nudgedConstant])
  }

  @Test("`+` on String and Array is never swapped, on Int it is")
  func joiningIsNotArithmetic() throws {
    let found = try Self.mutants(of: Self.wallet)
    let arithmetic = found.filter { $0.kind == .arithmeticOperator }
    #expect(!arithmetic.contains { $0.original.contains("owner") || $0.original.contains("\"!\"") })
    #expect(arithmetic.map(\.original) == ["amount * 2"])
    let joins = try Self.mutants(of: "func f(_ a: [Int], _ s: String, _ n: Int) -> Int { let x = a + [1]; let t = s + \"x\"; return x.count + t.count + n }\n")
    #expect(joins.filter { $0.kind == .arithmeticOperator }.map(\.original) == ["x.count + t.count", "x.count + t.count + n"])
  }

  @Test("a mutant's id survives an edit elsewhere in the file")
  func stableIDs() throws {
    let before = try Self.mutants(of: Self.wallet)
    let after = try Self.mutants(of: "// A comment that moves every byte.\nstruct Other { var x = 1 }\n" + Self.wallet)
    let pick = { (list: [Mutant]) in list.first { $0.description == "`amount > 0` becomes `amount >= 0`" } }
    let one = try #require(pick(before))
    let two = try #require(pick(after))
    #expect(one.id == two.id)
    #expect(one.line + 2 == two.line)
    #expect(Set(before.map(\.id)).count == before.count)
  }

  /// The real solution files of a lesson: one file, and the rest of its module.
  static func lessonFiles(_ folder: String, _ name: String) throws -> (file: URL, companions: [URL]) {
    let sources = root.appending(path: "Solutions/\(folder)/Sources")
    let all = try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    let file = sources.appending(path: name)
    return (file, all.filter { $0.lastPathComponent != name })
  }

  @Test("Account.swift: the withdrawal's check, its arithmetic and its dropped statements")
  func account() throws {
    let (file, companions) = try Self.lessonFiles("08-actors-and-races", "Account.swift")
    let source = try String(contentsOf: file, encoding: .utf8)
    let found = try MutantMaker(moduleCache: Self.moduleCache).mutants(of: file, companions: companions, module: "ActorsAndRaces")
    if ProcessInfo.processInfo.environment["MUTANT_SHOW"] == "1" {
      for mutant in found { print("\(mutant.id) \(mutant.line):\(mutant.column) \(mutant.kind.rawValue) \(mutant.declaration): \(mutant.description)") }
    }
    let guardLine = try #require(Self.line(of: "guard balance >= amount", in: source))
    let takeLine = try #require(Self.line(of: "balance -= amount", in: source))
    let boundary = try #require(found.first { $0.description == "`balance >= amount` becomes `balance > amount`" })
    #expect(boundary.kind == .relationalOperator && boundary.line == guardLine && boundary.declaration == "Account.withdraw(_:)")
    #expect(found.contains { $0.kind == .arithmeticOperator && $0.line == takeLine && $0.replacement == "balance += amount" })
    #expect(found.contains { $0.kind == .droppedStatement && $0.line == takeLine && $0.declaration == "Account.withdraw(_:)" })
    #expect(found.contains { $0.kind == .negatedCondition && $0.original == "await check(.deposit(amount))" })
    #expect(found.contains { $0.kind == .removedGuard && $0.declaration == "Account.deposit(_:)" })
    // The initializer's assignments initialize the actor: leaving one out cannot compile.
    #expect(!found.contains { $0.kind == .droppedStatement && $0.declaration == "Account.init(balance:check:)" })

    // Its schema compiles with every mutant, `await` sites included.
    let schema = MutantSchema(sources: ["Account.swift": try Data(contentsOf: file)], mutants: found)
    let folder = try Self.folder([:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let compilation = MutantSchema.Compilation(
      module: "ActorsAndRaces", companions: companions, arguments: ["-swift-version", "5"], moduleCache: Self.moduleCache)
    let checked = try schema.typeChecked(compilation, in: folder)
    #expect(checked.dropped.map(\.mutant.description) == [])
    #expect(checked.mutants.count == found.count)
  }

  @Test("UserStore.swift: the store's counter, its list and its lookup")
  func userStore() throws {
    let (file, companions) = try Self.lessonFiles("01-expect-and-require", "UserStore.swift")
    let source = try String(contentsOf: file, encoding: .utf8)
    let found = try MutantMaker(moduleCache: Self.moduleCache, arguments: ["-swift-version", "6"])
      .mutants(of: file, companions: companions, module: "ExpectRequire")
    let appendLine = try #require(Self.line(of: "users.append(user)", in: source))
    let countLine = try #require(Self.line(of: "nextID += 1", in: source))
    let findLine = try #require(Self.line(of: "users.first { $0.id == id }", in: source))
    let add = "UserStore.add(name:email:)"
    #expect(found.contains { $0.kind == .droppedStatement && $0.line == appendLine && $0.declaration == add })
    #expect(found.contains { $0.description == "`nextID += 1` becomes `nextID -= 1`" && $0.line == countLine })
    #expect(found.contains { $0.description == "`1` becomes `2`" && $0.line == countLine })
    #expect(found.contains { $0.description == "`$0.id == id` becomes `$0.id != id`" && $0.line == findLine })
    #expect(found.contains { $0.kind == .replacedReturn && $0.replacement == "nil" && $0.declaration == "UserStore.user(id:)" })
  }

  @Test("the schema of a real module compiles, dropping only mutants the compiler refuses")
  func schemaCompiles() throws {
    let (file, companions) = try Self.lessonFiles("01-expect-and-require", "UserStore.swift")
    let found = try MutantMaker(moduleCache: Self.moduleCache, arguments: ["-swift-version", "6"])
      .mutants(of: file, companions: companions, module: "ExpectRequire")
    let schema = MutantSchema(sources: ["UserStore.swift": try Data(contentsOf: file)], mutants: found)
    #expect(schema.mutants.count == found.count)
    let folder = try Self.folder([:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let compilation = MutantSchema.Compilation(
      module: "ExpectRequire", companions: companions, arguments: ["-swift-version", "6"], moduleCache: Self.moduleCache)
    let checked = try schema.typeChecked(compilation, in: folder)
    #expect(try checked.errors(compilation, in: folder, spawner: Spawner()).isEmpty)
    #expect(checked.mutants.count + checked.dropped.count == found.count)
    #expect(checked.dropped.isEmpty)
    // `User.init` must set its `let id`: the maker never leaves that assignment out.
    #expect(!found.contains { $0.original == "self.id = id" })
    let text = try #require(checked.files.first?.text)
    #expect(text.contains("fileprivate func __gradeMutant("))
    #expect(text.contains("@_silgen_name(\"grade_active_mutant\")"))
  }

  @Test("a mutant the compiler refuses is dropped, exactly that one, with the compiler's reason")
  func refusedMutantsDrop() throws {
    let text = """
      func clamp(_ level: UInt8) -> UInt8 {
        let top: UInt8 = 255
        return level > top ? top : level
      }

      """
    let folder = try Self.folder(["Level.swift": text])
    defer { try? FileManager.default.removeItem(at: folder) }
    let found = try MutantMaker(moduleCache: Self.moduleCache, arguments: ["-swift-version", "6"])
      .mutants(of: folder.appending(path: "Level.swift"), companions: [], module: "Level")
    #expect(found.contains { $0.description == "`255` becomes `256`" })
    let schema = MutantSchema(sources: ["Level.swift": Data(text.utf8)], mutants: found)
    let compilation = MutantSchema.Compilation(
      module: "Level", companions: [], arguments: ["-swift-version", "6"], moduleCache: Self.moduleCache)
    let checked = try schema.typeChecked(compilation, in: folder.appending(path: "schema"))
    #expect(checked.dropped.map(\.mutant.description) == ["`255` becomes `256`"])
    #expect(checked.dropped.first?.reason.contains("overflows") == true)
    #expect(checked.mutants.count == found.count - 1)
    #expect(checked.mutants.contains { $0.description == "`255` becomes `254`" })
  }

  @Test("a module's files share one schema, numbered densely across its files")
  func moduleSchema() throws {
    let files = [
      "Gauge.swift": "func isHigh(_ level: Int) -> Bool { level > limit() }\n",
      "Limit.swift": "func limit() -> Int { 3 + 4 }\n",
    ]
    let folder = try Self.folder(files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let urls = files.keys.sorted().map { folder.appending(path: $0) }
    let maker = MutantMaker(moduleCache: Self.moduleCache, arguments: ["-swift-version", "6"])
    let found = try urls.flatMap { try maker.mutants(of: $0, companions: urls, module: "Gauges") }
    #expect(Set(found.map(\.file)) == ["Gauge.swift", "Limit.swift"])
    let schema = MutantSchema(sources: files.mapValues { Data($0.utf8) }, mutants: found)
    #expect(schema.files.map(\.name) == ["Gauge.swift", "Limit.swift"])
    #expect(schema.files.allSatisfy { $0.text.contains("fileprivate func __gradeMutant(") })
    #expect((1...found.count).compactMap { schema.mutant(number: $0)?.id }.count == found.count)
    #expect(schema.mutant(number: 0) == nil)
    let compilation = MutantSchema.Compilation(
      module: "Gauges", companions: [], arguments: ["-swift-version", "6"], moduleCache: Self.moduleCache)
    let checked = try schema.typeChecked(compilation, in: folder.appending(path: "schema"))
    #expect(checked.dropped.isEmpty)
    #expect(checked.number(of: found[0].id) != nil)
  }

  static let scoring = """
    func score(_ values: [Int], limit: Int) -> Int {
      var total = 0
      for value in values {
        if value > limit && value % 2 == 0 { continue }
        total += value * 2
      }
      guard total >= 10 else { return -1 }
      return total
    }

    func label(_ flag: Bool, _ parts: inout [String]) -> String {
      defer { parts.append("done") }
      parts.append(flag ? "yes" : "no")
      return parts.joined() + (flag == true ? "!" : "?")
    }

    func approve(_ amount: Int) async -> Bool { amount < 50 }

    func spend(_ amount: Int, from balance: inout Int) async -> Bool {
      guard await approve(amount) else { return false }
      balance -= amount
      return true
    }

    """

  @Test("a program built from the schema behaves like each single mutant, and like the original for 0")
  func schemaSwitches() throws {
    let calls = """
      var parts: [String] = []
      let a = score([1, 2, 3, 4, 12], limit: 3)
      let b = score([1], limit: 0)
      let c = label(true, &parts)
      let d = label(false, &parts)
      var balance = 100
      let e = await spend(30, from: &balance)
      let f = await spend(60, from: &balance)
      """
    let count = try Self.expectSwitches(
      of: Self.scoring, name: "Scoring.swift", calls: calls, printed: "\\(a) \\(b) \\(c) \\(d) \\(parts) \\(e) \\(f) \\(balance)",
      names: ["score", "label", "spend", "approve"])
    #expect(count >= 20)
  }

  /// Builds every mutant of `source` (a file named `name`) once on its own and once in the
  /// schema, runs `calls` against each and expects the same `printed` line from both;
  /// returns how many mutants it compared. `names` are the declarations `calls` uses, which
  /// each single mutant renames to stand beside the others in one program.
  static func expectSwitches(of source: String, name: String, calls: String, printed: String, names: [String]) throws -> Int {
    let found = try mutants(of: source, name: name)
    let schema = MutantSchema(sources: [name: Data(source.utf8)], mutants: found)
    #expect(schema.dropped.isEmpty)
    if ProcessInfo.processInfo.environment["MUTANT_SHOW"] == "1" { print(schema.files[0].text) }
    let folder = try Self.folder([:])
    defer { try? FileManager.default.removeItem(at: folder) }
    func renamed(_ text: String, _ index: Int) -> String {
      names.reduce(text) { text, name in
        ["(", ".", " {"].reduce(text) { $0.replacingOccurrences(of: name + $1, with: "\(name)\(index)\($1)") }
      }
    }
    // One program holds every single mutant under its own names, for what each should print.
    var singles = ""
    var table = ""
    for (index, mutant) in ([nil] + schema.mutants.map { Optional($0) }).enumerated() {
      singles += renamed(mutant?.applied(to: Data(source.utf8)) ?? source, index)
      table += "do {\n" + renamed(calls, index) + "\nprint(\"\(index): \(printed)\")\n}\n"
    }
    try Data((singles + table).utf8).write(to: folder.appending(path: "main.swift"))
    let spawner = Spawner()
    let swift6 = ["-swift-version", "6", "-module-cache-path", Self.moduleCache.path, "-Onone"]
    let built = try spawner.run(
      ["swiftc", "main.swift", "-o", "singles"] + swift6, in: folder, until: .now + .seconds(300), streams: .merged)
    try #require(built.succeeded, "\(built.output)")
    let expected = try spawner.run(["./singles"], in: folder, until: .now + .seconds(20), streams: .separate).output
      .split(separator: "\n").map(String.init)
    #expect(expected.count == schema.mutants.count + 1)

    // The schema, built once with the grader's own C switch.
    let schemaFolder = folder.appending(path: "schema")
    try FileManager.default.createDirectory(at: schemaFolder, withIntermediateDirectories: true)
    try Data(schema.files[0].text.utf8).write(to: schemaFolder.appending(path: name))
    try Data(("""
      @_silgen_name("grade_set_active_mutant") func setActiveMutant(_ number: Int64)
      let number = Int(CommandLine.arguments[1])!
      setActiveMutant(Int64(number))
      do {
      \(calls)
      print("\\(number): \(printed)")
      }
      """).utf8).write(to: schemaFolder.appending(path: "main.swift"))
    let c = Self.root.appending(path: "Sources/GradeRunnerC")
    let object = try spawner.run(
      ["clang", "-c", c.appending(path: "ActiveMutant.c").path, "-I", c.appending(path: "include").path, "-o", "ActiveMutant.o"],
      in: schemaFolder, until: .now + .seconds(60), streams: .merged)
    try #require(object.succeeded, "\(object.output)")
    let linked = try spawner.run(
      ["swiftc", "main.swift", name, "ActiveMutant.o", "-o", "schema"] + swift6, in: schemaFolder,
      until: .now + .seconds(120), streams: .merged)
    try #require(linked.succeeded, "\(linked.output)")
    for number in 0...schema.mutants.count {
      let ran = try spawner.run(["./schema", String(number)], in: schemaFolder, until: .now + .seconds(20), streams: .separate)
      #expect(ran.output.trimmingCharacters(in: .newlines) == expected[number], "mutant \(number): \(schema.mutant(number: number)?.description ?? "original")")
    }
    return schema.mutants.count
  }

  @Test(
    "survey: mutants of every solution file, and the time a schema takes",
    .enabled(if: ProcessInfo.processInfo.environment["MUTANT_SURVEY"] == "1"))
  func survey() throws {
    let lessons: [(folder: String, module: String, arguments: [String])] = [
      ("01-expect-and-require", "ExpectRequire", ["-swift-version", "6"]),
      ("02-parameterized-tests", "ParameterizedTesting", ["-swift-version", "6"]),
      ("03-dependency-injection", "DependencyInjection", ["-swift-version", "6"]),
      ("04-mocking", "Mocking", ["-swift-version", "6"]),
      ("05-callbacks-and-confirmations", "CallbackTesting", ["-swift-version", "6"]),
      ("06-tasks-and-time", "TaskTesting", ["-swift-version", "6"]),
      ("07-sending-and-sendable", "SendingSendable", ["-swift-version", "5"]),
      ("08-actors-and-races", "ActorsAndRaces", ["-swift-version", "5"]),
      ("09-traits-and-migration", "SuiteTraits", ["-swift-version", "6"]),
      (
        "10-approachable-concurrency", "ApproachableConcurrency",
        ["-swift-version", "5", "-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
      ),
    ]
    for lesson in lessons {
      let sources = Self.root.appending(path: "Solutions/\(lesson.folder)/Sources")
      let all = try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
      let maker = MutantMaker(moduleCache: Self.moduleCache, arguments: lesson.arguments)
      for file in all {
        let clock = ContinuousClock()
        var found: [Mutant] = []
        let made = try clock.measure { found = try maker.mutants(of: file, companions: all, module: lesson.module) }
        let schema = MutantSchema(sources: [file.lastPathComponent: try Data(contentsOf: file)], mutants: found)
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let compilation = MutantSchema.Compilation(
          module: lesson.module, companions: all.filter { $0 != file }, arguments: lesson.arguments, moduleCache: Self.moduleCache)
        var checked = schema
        let compiled = try clock.measure { checked = try schema.typeChecked(compilation, in: folder) }
        let kinds = Dictionary(grouping: checked.mutants, by: \.kind).map { "\($0.key.rawValue)=\($0.value.count)" }.sorted()
        print("SURVEY \(lesson.folder)/\(file.lastPathComponent) made=\(found.count) kept=\(checked.mutants.count) dropped=\(checked.dropped.count) make=\(made) typecheck=\(compiled) \(kinds.joined(separator: " "))")
        for drop in checked.dropped { print("  DROPPED \(drop.mutant.line): \(drop.mutant.description) — \(drop.reason.prefix(120))") }
      }
      // The whole module in one schema, as a task would have it.
      var every: [Mutant] = []
      let made = try ContinuousClock().measure { every = try all.flatMap { try maker.mutants(of: $0, companions: all, module: lesson.module) } }
      var texts: [String: Data] = [:]
      for file in all { texts[file.lastPathComponent] = try Data(contentsOf: file) }
      let folder = try Self.folder([:])
      defer { try? FileManager.default.removeItem(at: folder) }
      let compilation = MutantSchema.Compilation(
        module: lesson.module, companions: [], arguments: lesson.arguments, moduleCache: Self.moduleCache)
      var checked = MutantSchema(sources: texts, mutants: every)
      let compiled = try ContinuousClock().measure { checked = try checked.typeChecked(compilation, in: folder) }
      print("MODULE \(lesson.folder) made=\(every.count) kept=\(checked.mutants.count) make=\(made) compile=\(compiled)")
    }
  }
}
