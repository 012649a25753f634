import Foundation
import Testing

@testable import GradeMutants

/// The operators taken from PIT, Stryker, cargo-mutants and Muter beyond the first ten:
/// each made from a small source, as a learner reads it.
@Suite("Mutant operators")
struct MutantOperatorTests {
  static let shelf = """
    struct Shelf {
      static let label = "shelf"
      var books: [String] = []
      mutating func add(_ title: String) {
        books.append(title)
      }
      func find(_ prefix: String) -> String? {
        books.first(where: { $0.hasPrefix(prefix) })
      }
      func shortest() -> Int {
        let lengths = books.map { book in book.count }
        return lengths.min() ?? 0
      }
      func hasLong() -> Bool { books.contains { $0.count > 5 } }
      func loud() -> [String] { books.filter { !$0.isEmpty }.map { title in title.uppercased() } }
      mutating func takeFirst() -> String? {
        guard !books.isEmpty else { return nil }
        return books.removeFirst()
      }
      func summary(_ done: (Int) -> Void) -> String {
        var total = 0
        var rounds = 0
        for book in books {
          total += book.count
          rounds += 1
        }
        done(total + rounds)
        return Shelf.label + ":" + String(total)
      }
      func sortedTitles() -> [String] { books.sorted() }
      func count(_ flag: Bool) -> Int {
        var n = 0
        if flag { n += 1 }
        n += flag ? books.count : 0
        return n
      }
    }

    func fetch(_ value: Int) async -> Int { value }

    func pair(_ log: inout [Int]) async {
      log.append(1)
      log.append(await fetch(2))
      var count = 0
      count += log.count
    }

    """

  /// The descriptions of the mutants of `shelf` of kind `kind`.
  static func made(_ kind: Mutant.Kind) throws -> Set<String> {
    Set(try MutantTests.mutants(of: shelf, name: "Shelf.swift").filter { $0.kind == kind }.map(\.description))
  }

  @Test("a string constant is made empty, in a body and in a stored initializer")
  func strings() throws {
    let made = try Self.made(.changedString)
    #expect(made == ["`\"shelf\"` becomes `\"\"`", "`\":\"` becomes `\"\"`"])
    let quiet = try MutantTests.mutants(
      of: "func check(_ n: Int) -> String {\n  precondition(n > 0, \"positive \\(n)\")\n  guard n < 9 else { fatalError(\"big\") }\n  return \"n=\\(n)\" + \"\"\n}\n")
      .filter { $0.kind == .changedString }.map(\.description)
    // A crash's message is left alone, an interpolated string is changed whole, an empty one filled.
    #expect(Set(quiet) == ["`\"n=\\(n)\"` becomes `\"\"`", "`\"\"` becomes `\"mutant\"`"])
    let (file, companions) = try MutantTests.lessonFiles("09-traits-and-migration", "Percent.swift")
    let percent = try MutantMaker(moduleCache: MutantTests.moduleCache, arguments: ["-swift-version", "6"])
      .mutants(of: file, companions: companions, module: "SuiteTraits")
    #expect(!percent.contains { $0.kind == .changedString }, "a precondition's or fatalError's message is a crash's")
  }

  @Test("a standard method is swapped for its mirror, its arguments relabelled where they differ")
  func mirrors() throws {
    let made = try Self.made(.swappedMethod)
    #expect(
      made == [
        "`books.append(title)` becomes `books.insert(title, at: 0)`",
        "`books.first(where: { $0.hasPrefix(prefix) })` becomes `books.last(where: { $0.hasPrefix(prefix) })`",
        "`$0.hasPrefix(prefix)` becomes `$0.hasSuffix(prefix)`",
        "`lengths.min()` becomes `lengths.max()`",
        "`books.contains { $0.count > 5 }` becomes `books.allSatisfy { $0.count > 5 }`",
        "`title.uppercased()` becomes `title.lowercased()`",
        "`books.removeFirst()` becomes `books.removeLast()`",
        "`log.append(1)` becomes `log.insert(1, at: 0)`",
        "`log.append(await fetch(2))` becomes `log.insert(await fetch(2), at: 0)`",
      ])
    let labelled = try MutantTests.mutants(of: "func any(_ xs: [Int]) -> Bool { xs.contains(where: { $0 > 1 }) && xs.allSatisfy({ $0 < 9 }) }\n")
      .filter { $0.kind == .swappedMethod }.map(\.replacement)
    #expect(Set(labelled) == ["xs.allSatisfy({ $0 > 1 })", "xs.contains(where: { $0 < 9 })"])
  }

  @Test("a search's predicate is left out: the first element, any element, every element")
  func predicates() throws {
    let made = try Self.made(.droppedPredicate)
    #expect(
      made == [
        "`books.first(where: { $0.hasPrefix(prefix) })` becomes `books.first`",
        "`books.contains { $0.count > 5 }` becomes `!books.isEmpty`",
        "`books.filter { !$0.isEmpty }` becomes `books`",
      ])
  }

  @Test("a call whose result has its receiver's type is skipped")
  func skippedCalls() throws {
    // `filter` left out is a dropped predicate already; a `map` to the same type is skipped too.
    let made = try Self.made(.skippedCall)
    #expect(
      made == [
        "`books.filter { !$0.isEmpty }.map { title in title.uppercase…` becomes `books.filter { !$0.isEmpty }`",
        "`title.uppercased()` becomes `title`", "`books.sorted()` becomes `books`",
      ])
  }

  @Test("a body of two or more statements is replaced by each plain value of its result type")
  func emptiedBodies() throws {
    let found = try MutantTests.mutants(of: Self.shelf, name: "Shelf.swift").filter { $0.kind == .emptiedBody }
    let byDeclaration = Dictionary(grouping: found, by: \.declaration).mapValues { Set($0.map(\.description)) }
    #expect(
      byDeclaration == [
        "Shelf.shortest()": ["the whole body becomes `return 0`", "the whole body becomes `return 1`", "the whole body becomes `return -1`"],
        "Shelf.takeFirst()": ["the whole body becomes `return nil`"],
        "Shelf.summary(_:)": ["the whole body becomes `return \"\"`", "the whole body becomes `return \"xyzzy\"`"],
        "Shelf.count(_:)": ["the whole body becomes `return 0`", "the whole body becomes `return 1`", "the whole body becomes `return -1`"],
        "pair(_:)": ["the whole body is left out"],
      ])
  }

  @Test("a condition is made true and false; a guard's true is a removed guard, a while's true a hang, so neither")
  func forcedConditions() throws {
    let made = try Self.made(.forcedCondition)
    #expect(
      made == [
        "`!books.isEmpty` becomes `false`", "`flag` becomes `true`", "`flag` becomes `false`",
      ])
    let loop = try MutantTests.mutants(of: "func down(_ n: Int) -> Int {\n  var n = n\n  while n > 0 { n -= 2 }\n  return n\n}\n")
      .filter { $0.kind == .forcedCondition }.map(\.description)
    #expect(loop == ["`n > 0` becomes `false`"])
  }

  @Test("a statement moves out of its loop, and a neighbour into it; one that reads the loop's variable stays")
  func loopMoves() throws {
    let made = try Self.made(.movedStatement)
    #expect(
      made == [
        "`rounds += 1` is moved out of the loop, after it", "`rounds += 1` is moved out of the loop, before it",
        "`done(total + rounds)` is moved into the loop, at its end",
      ])
    let moved = try #require(
      try MutantTests.mutants(of: Self.shelf, name: "Shelf.swift").first { $0.description == "`done(total + rounds)` is moved into the loop, at its end" })
    #expect(moved.applied(to: Data(Self.shelf.utf8)).contains("      rounds += 1\n    \ndone(total + rounds)\n}\n    \n    return Shelf.label"))
  }

  @Test("a statement that awaits swaps places with its neighbour")
  func awaitMoves() throws {
    let made = try Self.made(.movedAwait)
    // `var count = 0` could stand on either side of it: that swap changes nothing, so it is not made.
    #expect(made == ["`log.append(await fetch(2))` now runs before `log.append(1)`"])
  }

  @Test("every new mutant compiles in the schema and behaves there as it does alone")
  func schemaSwitches() throws {
    let calls = """
      var shelf = Shelf()
      shelf.add("alpha")
      shelf.add("be")
      shelf.add("gamma-ray")
      var seen = 0
      let a = shelf.find("g")
      let b = shelf.shortest()
      let c = shelf.hasLong()
      let d = shelf.loud()
      let e = shelf.summary { seen = $0 }
      let f = shelf.sortedTitles()
      let g = shelf.count(true)
      let h = shelf.takeFirst()
      var log: [Int] = []
      await pair(&log)
      """
    let count = try MutantTests.expectSwitches(
      of: Self.shelf, name: "Shelf.swift", calls: calls,
      printed: "\\(String(describing: a)) \\(b) \\(c) \\(d) \\(e) \\(seen) \\(f) \\(g) \\(String(describing: h)) \\(shelf.books) \\(log)",
      names: ["Shelf", "pair", "fetch"])
    #expect(count >= 40)
  }
}
