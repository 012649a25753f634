import Foundation
@testable import GradeBox
@testable import GradeKit
@testable import GradeProcesses
import Testing

/// `grade check`'s availability rule, on small interfaces and snippets.
@Suite("APIs newer than the deployment target")
struct AvailabilityRuleTests {
  typealias Rule = AvailabilityRule

  @Test("An interface's newer declarations, with their types' and extensions' availability, and the first branch of an #if only")
  func interface() {
    let text = """
      @available(macOS 26.0, iOS 26.0, *)
      public struct Fresh<Element> {
        public init(_ build: @escaping () -> Element)
        public func next(isolation actor: isolated (any Swift.Actor)? = #isolation) async -> Element? {
          let inner = { 1 }
          return nil
        }
        public struct Iterator {
          public var count: Swift.Int
        }
      }
      @available(macOS 10.15, *)
      public struct Old {
        public init()
      }
      @available(macOS 26.0, *)
      extension Old {
        @_alwaysEmitIntoClient public static func immediate(name: Swift.String? = nil, @_implicitSelfCapture @_inheritActorContext(always) operation: sending @escaping () async -> Swift.Void) -> Old { Old() }
      }
      #if compiler(>=5.3) && $NonescapableTypes
      @available(macOS 15.4, *)
      public func pair(lhs: Swift.Int, _ rhs: Swift.Int) -> Swift.Bool {
      #else
      @available(macOS 15.4, *)
      public func pair(lhs: Swift.Int, _ rhs: Swift.Int) -> Swift.Bool {
      #endif
        true
      }
      @available(macOS, unavailable)
      public func never()
      @available(macOS 14.0, *)
      public func older()
      """
    let shown = Rule.newerAPIs(inInterface: text, module: "Sample").map { "\($0.shown) \($0.macOS)" }
    #expect(shown == [
      "Fresh 26.0", "Fresh.init(_:) 26.0", "Fresh.next(isolation:) 26.0", "Fresh.Iterator 26.0", "Fresh.Iterator.count 26.0",
      "Old.immediate(name:operation:) 26.0", "pair(lhs:_:) 15.4",
    ])
  }

  @Test("The toolchain's interfaces hold Observations and Task.immediate as macOS 26, and Mutex as no newer than macOS 15")
  func toolchain() {
    let apis = Rule.newerAPIs(toolchain: Toolchain.folder())
    #expect(apis.contains { $0.module == "Observation" && $0.path == ["Observations"] && $0.macOS == Rule.OSVersion("26.0") })
    #expect(apis.contains { $0.path == ["Task", "immediate"] && $0.labels == "name:priority:executorPreference:operation:" })
    #expect(!apis.contains { $0.path.first == "Mutex" })
  }

  @Test("grade check holds Package.swift to the macOS the rule checks against, as dump-package gives its platforms")
  func deploymentTarget() throws {
    #expect(Checker.deploymentBreaches(platforms: [["platformName": "macos", "version": "15.0", "options": []]]).isEmpty)
    let older = Checker.deploymentBreaches(platforms: [["platformName": "macos", "version": "14.0"]])
    #expect(older.map(\.message) == [
      "Package.swift must declare .macOS(.v15), the macOS grade check proves every lesson's APIs against (AvailabilityRule.deployment); it declares macOS 14.0",
    ])
    #expect(Checker.deploymentBreaches(platforms: nil).count == 1)
    // The manifest itself, as written (dump-package cannot run inside swift test, which holds the build folder).
    let manifest = try String(contentsOf: HostileLab.repository.appending(path: "Package.swift"), encoding: .utf8)
    #expect(manifest.contains("platforms: [.macOS(.v15)]"))
  }

  @Test("Dumps of several primary files, written back to back, are split where each file's begins")
  func splitDumps() {
    let first = #"{"_kind":"source_file","filename":"A.swift","items":[{"text":"}{\"_kind\":\"source_file\""}]}"#
    let second = #"{"_kind":"source_file","filename":"B.swift","items":[]}"#
    let dumps = Rule.splitDumps(Data((first + second).utf8)).map { String(decoding: $0, as: UTF8.self) }
    #expect(dumps == [first, second])
  }

  @Test("An operator function's line declares the function; an operator's, an import's and a case's declare nothing named", arguments: [
    ("public static prefix func - (value: Money) -> Money", "-" as String?),
    ("public static func + (lhs: Money, rhs: Money) -> Money", "+"),
    ("infix operator ~~ : ComparisonPrecedence", nil),
    ("import func Foundation.exit", nil),
    ("case refunded(Money)", nil),
  ])
  func operatorLines(line: String, name: String?) {
    #expect(Rule.declaration(line)?.names == name.map { [$0] })
  }

  @Test("A demangled declaration's module, path and labels, generics and extensions left out")
  func demangled() throws {
    let immediate = try #require(Rule.declaration(demangled: "static (extension in _Concurrency):Swift.Task< where B == Swift.Never>.immediate(name: Swift.String?, priority: Swift.TaskPriority?, executorPreference: __owned Swift.TaskExecutor?, operation: __owned @isolated(any) () async -> A) -> Swift.Task<A, Swift.Never>"))
    #expect(immediate.module == "Swift" && immediate.path == ["Task", "immediate"])
    #expect(immediate.labels == "name:priority:executorPreference:operation:")
    let initializer = try #require(Rule.declaration(demangled: "Observation.Observations.init(@isolated(any) @Sendable () throws(B) -> A) -> Observation.Observations<A, B>"))
    #expect(initializer.path == ["Observations", "init"] && initializer.labels == "_:")
    let property = try #require(Rule.declaration(demangled: "Swift.Task.name : Swift.String?"))
    #expect(property.path == ["Task", "name"] && property.labels == nil)
  }

  /// Snippets that each use a macOS 26 API, or guard it; by file name, the lines a breach should name.
  static let snippets: [(name: String, code: String, lines: [Int])] = [
    ("Unguarded.swift", """
      import Observation
      @Observable final class Counter { var value = 0 }
      func watch(_ counter: Counter) async {
        for await value in Observations({ counter.value }) { print(value) }
      }
      func start() {
        _ = Task.immediate { }
      }
      """, [4, 7]),
    ("Guarded.swift", """
      import Observation
      @Observable final class Meter { var value = 0 }
      func watch(_ meter: Meter) async {
        if #available(macOS 26, *) {
          for await value in Observations({ meter.value }) { print(value) }
        } else {
          print(meter.value)
        }
      }
      func start() {
        guard #available(macOS 26.0, iOS 26.0, *) else { return }
        _ = Task.immediate { }
      }
      """, []),
    ("Marked.swift", """
      import Observation
      @Observable final class Gauge { var value = 0 }
      @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
      func watch(_ gauge: Gauge) -> Observations<Int, Never> {
        Observations { gauge.value }
      }
      @available(macOS 26.0, *)
      struct Starter {
        func start() { _ = Task.immediate { } }
      }
      """, []),
    ("TooOld.swift", """
      import Synchronization
      func start(_ lock: Mutex<Int>) {
        if #available(macOS 15, *) {
          _ = Task.immediate { }
        }
        _ = Task { lock.withLock { $0 += 1 } }
      }
      actor Shop { var count = 0 }
      """, [4]),
    ("InMacro.swift", """
      import Testing
      @Test func starts() async {
        #expect(Task.immediate { 1 } != nil)
      }
      """, [3]),
  ]

  @Test("Unguarded uses are named by line; if #available, guard #available and @available declarations guard them; older APIs and an actor's own executor are fine")
  func snippetsChecked() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "availability-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for snippet in Self.snippets {
      try Data(snippet.code.utf8).write(to: folder.appending(path: snippet.name))
    }
    let found = Rule.check(
      Self.snippets.map(\.name), in: folder, module: "Snippets", flags: [], moduleCache: folder.appending(path: "cache"),
      toolchain: Toolchain.folder(), spawner: Spawner())
    for snippet in Self.snippets {
      let findings = try #require(found[snippet.name] ?? nil, "\(snippet.name) was not dumped")
      #expect(findings.map(\.line) == snippet.lines, "\(snippet.name): \(findings.map { "\($0.line) \($0.api.shown)" })")
      #expect(findings.allSatisfy { $0.api.macOS >= Rule.OSVersion("26.0")! }, "\(snippet.name)")
    }
    let names = try #require(found["Unguarded.swift"] ?? nil).map(\.api.shown)
    #expect(names == ["Observations", "Task.immediate(name:priority:executorPreference:operation:)"])
  }
}
