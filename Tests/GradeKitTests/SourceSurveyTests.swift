import Foundation
@testable import GradeCatalog
@testable import GradeFeedback
@testable import GradeKit
@testable import GradePolicy
@testable import GradeProcesses
@testable import GradeResults
import Testing

/// What a learner's files may hold, read from the compiler's own view of them.
@Suite("Surveying a learner's files")
struct SourceSurveyTests {
  /// Surveys `source` as the learner's `Sources/A.swift` of a lesson whose module is `Lab`.
  static func survey(
    _ source: String, rules: CodeRules = CodeRules(imports: Lesson.defaultImports, refusedPromises: Set(CodeRules.promises)),
    tests: Bool = false
  ) throws -> [Refusal] {
    let folder = FileManager.default.temporaryDirectory.appending(path: "grade-survey-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(source.utf8).write(to: folder.appending(path: "A.swift"))
    let survey = SourceSurvey(spawner: Spawner(), moduleCache: folder.appending(path: "module-cache"))
    let findings = survey.survey(
      [SourceSurvey.File(name: "A.swift", shownAs: "Lessons/01-x/Sources/A.swift", rules: rules)], in: folder, module: "Lab",
      lessonModule: "Lab", tests: tests, typeCheck: ["A.swift"])
    #expect(findings.unread.isEmpty)
    return findings.refusals
  }

  @Test("A promise the compiler stops checking is found whatever its spelling, wherever it hides", arguments: [
    ("extension Inbox: @unchecked\n  Sendable {}\nfinal class Inbox {}", Refusal.Rule.uncheckedPromise, 1),
    ("final class A: @unchecked /* why not */ Swift.Sendable {}", .uncheckedPromise, 1),
    ("typealias Shareable = Sendable\nfinal class A: @unchecked Shareable {}", .uncheckedPromise, 2),
    ("import Foundation\nnonisolated ( unsafe ) var x = 0", .uncheckedPromise, 2),
    ("let opener = \"\\\"/*\"\nnonisolated(unsafe) var x = 0\nlet closer = \"*/\"", .uncheckedPromise, 2),
    ("@_cdecl(\"fwrite\") public func f() -> Int { 0 }", .underscoredAttribute, 1),
    ("#if true\n@_silgen_name(\"swift_retain\") func f()\n#endif", .underscoredAttribute, 2),
    ("func f() -> Int { unsafe 1 }", .unsafeMarking, 1),
    ("@safe func f() {}", .unsafeMarking, 1),
    ("import Glibc", .module, 1),
    ("import Foundation\nfunc f() -> [String] { Thread.callStackSymbols }", .callStack, 2),
    ("@section(\".init_array\") @used let early: @convention(c) () -> Void = {}", .attribute, 1),
    ("@c(fwrite) func f() {}", .attribute, 1),
    ("@inlinable public func f() {}", .attribute, 1),
    ("@attached(member) macro M() = #externalMacro(module: \"Plugin\", type: \"M\")", .declaration, 1),
  ])
  func found(_ source: String, rule: Refusal.Rule, line: Int) throws {
    let refusals = try Self.survey(source)
    #expect(refusals.contains { $0.rule == rule && $0.line == line }, "\(refusals)")
  }

  @Test("The attributes and declarations honest Swift code uses are all allowed", arguments: [
    "@MainActor final class A { @discardableResult public func f() -> Int { 0 }; private(set) var x = 0 }",
    "@available(macOS 26.0, *) struct B { lazy var y = 1; mutating func g() {} }",
    "actor C { nonisolated func h() {}; isolated deinit {} }\n@propertyWrapper struct W { var wrappedValue: Int }",
    "protocol P { associatedtype A; subscript(i: Int) -> Int { get } }\nindirect enum E { case a(E), b }",
    "final class D { weak var d: D?; required init() {}; convenience init(x: Int) { self.init() }; deinit {} }",
  ])
  func honest(_ source: String) throws {
    #expect(try Self.survey(source).isEmpty)
  }

  @Test("Comments, strings and prose that mention them are not code", arguments: [
    "// no @unchecked Sendable, no @_cdecl, no import Glibc here",
    "/* @unchecked\n Sendable */ final class A {}",
    "let text = \"nonisolated(unsafe) @_silgen_name unsafe import Darwin\"",
    "import Foundation\nimport Synchronization\nfinal class A: Sendable {} // not @unchecked Sendable",
  ])
  func notFound(_ source: String) throws {
    #expect(try Self.survey(source).isEmpty)
  }

  @Test("A promise is refused only where the task says so, and a migrated suite's old module is named as left behind")
  func taskRules() throws {
    let lenient = CodeRules(imports: Lesson.defaultImports)
    #expect(try Self.survey("final class A: @unchecked Sendable {}", rules: lenient).isEmpty)
    let migrated = CodeRules(imports: Lesson.defaultImports + ["XCTest"], leftBehind: ["XCTest"])
    let refusals = try Self.survey("import XCTest\n// was XCTAssertEqual before\n", rules: migrated, tests: true)
    #expect(refusals.map(\.rule) == [.leftBehind])
    #expect(refusals.first?.reason == "still uses XCTest, which this task leaves behind")
  }

  @Test("A view may show and pass on, and nothing else: a condition, a negation or a format is named")
  func thinView() throws {
    var rules = CodeRules(imports: Lesson.defaultImports)
    rules.thinView = true
    let view = """
      final class Model { var ready = false; var name = ""; func tap() {} }
      struct V {
        let model: Model
        var name: String { model.name }
        func tapped() { model.tap() }
        var disabled: Bool { !model.ready }
        var title: String { "Hello \\(model.name)" }
        var shown: Bool { model.ready ? true : false }
      }
      """
    let refusals = try Self.survey(view, rules: rules)
    #expect(Set(refusals.filter { $0.rule == .logicInView }.compactMap(\.line)) == [6, 7, 8], "\(refusals)")
    #expect(refusals.allSatisfy { !$0.blocksRunning })
  }

  @Test("A view may discard a result with _ =, which decides nothing, while what it discards is still read")
  func discardInView() throws {
    var rules = CodeRules(imports: Lesson.defaultImports)
    rules.thinView = true
    let view = """
      final class Model { var ready = false; func tap() -> Int { 1 } }
      struct V {
        let model: Model
        func tapped() { _ = model.tap() }
        func added() { _ = model.tap() + 1 }
        func negated() { _ = !model.ready }
        func stored(into other: inout Int) { other = model.tap() }
      }
      """
    let refusals = try Self.survey(view, rules: rules)
    #expect(Set(refusals.filter { $0.rule == .logicInView }.compactMap(\.line)) == [5, 6, 7], "\(refusals)")
  }

  @Test("A module the lesson does not allow is refused with the ones it does")
  func modules() throws {
    let refusal = try #require(try Self.survey("import Darwin").first)
    #expect(refusal.reason == "imports Darwin, which this lesson's files may not; they may import Lab, Foundation, Synchronization, Observation, Dispatch")
  }

  @Test("Every # word a lesson does not use is refused, in code, comments and strings alike", arguments: [
    ("#sourceLocation(file: \"Other.swift\", line: 1)\nfunc f() {}\n#sourceLocation()", "#sourceLocation", 1),
    ("func f() {}\n#warning(\"Sources/Other.swift:1:1: error: forged\")", "#warning", 2),
    ("#error(\"no\")", "#error", 1),
    ("let here = #dsohandle", "#dsohandle", 1),
    ("#`sourceLocation`(file: \"O.swift\", line: 1)", "#`sourceLocation`", 1),
    ("// see #sourceLocation below", "#sourceLocation", 1),
    ("let text = \"#selector\"", "#selector", 1),
    ("@attached(member) macro M() = #externalMacro(module: \"P\", type: \"M\")", "#externalMacro", 1),
  ])
  func refusedDirective(_ source: String, found: String, line: Int) throws {
    let refusals = try Self.survey(source)
    #expect(refusals.contains { $0.rule == .directive && $0.found == found && $0.line == line }, "\(refusals)")
  }

  @Test("The # words the lessons use are allowed")
  func allowedDirectives() throws {
    let source = """
      import Testing
      #if canImport(Glibc)
      func f(isolation: isolated (any Actor)? = #isolation) -> String { "\\(#filePath) \\(#fileID) \\(#line) \\(#function)" }
      #elseif os(macOS)
      #else
      #endif
      @Test func g() throws {
        if #available(macOS 26.0, *) {}
        if #unavailable(macOS 26.0) {}
        #expect(1 == 1)
        _ = try #require(Optional(1))
      }
      let raw = #"a "quoted" string"# + ##"two"##
      let number = "#1, # 2"
      // In prose: `#expect` and `#require`, in backquotes.
      """
    #expect(try Self.survey(source, tests: true).filter { $0.rule == .directive }.isEmpty)
  }

  @Test("A file of Sources/ may declare the operators its task asks for, and no other")
  func operators() throws {
    var rules = CodeRules(imports: Lesson.defaultImports)
    rules.operators = ["<"]
    let source = """
      public enum Band: String { case small, large }
      extension Band {
        public static func == (a: Band, b: Band) -> Bool { true }
        public static func < (a: Band, b: Band) -> Bool { a.rawValue < b.rawValue }
        static func ~= (a: Band, b: Band) -> Bool { true }
        func isSmall() -> Bool { defer { _ = 0 }; return self == .small }
      }
      """
    let refusals = try Self.survey(source, rules: rules)
    #expect(refusals.filter { $0.rule == .operatorFunction }.map(\.found).sorted() == ["==", "~="], "\(refusals)")
    #expect(refusals.first { $0.rule == .operatorFunction }?.line == 3)
    // In a test file (rules with no list), a learner's own helper types may have operators.
    #expect(try Self.survey(source, tests: true).filter { $0.rule == .operatorFunction }.isEmpty)
  }

  @Test("A file of Sources/ may write a member the compiler writes for a conformance only where its task asks for it, even inside #if")
  func synthesizedWitnesses() throws {
    var rules = CodeRules(imports: Lesson.defaultImports)
    rules.operators = []
    rules.witnesses = ["rawValue"]
    let source = """
      public enum Band: String, CaseIterable, Hashable { case small, large }
      extension Zone {
        public static var allCases: [Zone] { [] }
        public func hash(into hasher: inout Hasher) {}
        init?(rawValue: String) { nil }
        var rawValue: String { "" }
        func hash(_ other: Int) -> Int { other }
      }
      #if true
      public enum Zone: String, CaseIterable { case home }
      #endif
      """
    let refusals = try Self.survey(source, rules: rules).filter { $0.rule == .synthesizedWitness }
    // The ones Band and Zone get from the compiler are not the file's: only those it writes count.
    #expect(refusals.map(\.found).sorted() == ["allCases", "hash(into:)", "init(rawValue:)"], "\(refusals)")
    #expect(refusals.map(\.line).sorted { ($0 ?? 0) < ($1 ?? 0) } == [3, 4, 5])
    // A test file (rules with no list) may write them for its own helper types.
    #expect(try Self.survey(source, tests: true).filter { $0.rule == .synthesizedWitness }.isEmpty)
  }

  @Test("A task's file of Sources/ gets the operators and witnesses its task lists, none by default; a test file gets no list")
  func rulesOfAFile() throws {
    let workbook = try Workbook.load(at: HostileLab.repository)
    let clock = workbook.catalog.lessons[5]
    let task = clock.tasks[0]
    let rules = CodeRules.of(task, in: clock, file: "Sources/TestClock.swift")
    #expect(rules.operators == ["<"])
    #expect(rules.witnesses == [])
    #expect(CodeRules.of(task, in: clock, file: "Tests/TestClockTests.swift").witnesses == nil)
  }
}
