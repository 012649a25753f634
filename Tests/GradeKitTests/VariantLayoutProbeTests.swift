import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeEvents
@testable import GradeFeedback
@testable import GradeKit
import Testing

/// A learner's suite that checks nothing and only measures the program it runs in, to tell the
/// variants of a write-tests task apart with plain safe Swift.
///
/// Each number it reports is one a test can compute without pointers: the address of a type's
/// metadata (`ObjectIdentifier` of a metatype, whose offset in a page survives address space
/// randomization), the sizes the runtime gives, the addresses of objects it allocates, and the
/// return addresses on its own stack. If any of them is the same in every run of one variant
/// and differs between two variants, a suite could learn the wheat's number from the feedback
/// on a failing test and assert it.
@Suite("Variants cannot be told apart by their layout", .tags(.slow))
struct VariantLayoutProbeTests {
  let lab = HostileLab.shared

  /// The learner's test: one `name=value` pair per number, separated by `;`, recorded as an issue's comment.
  static let probe = #"""
        func page(_ type: Any.Type) -> UInt { UInt(bitPattern: ObjectIdentifier(type)) % 4096 }
        func distance(_ a: Any.Type, _ b: Any.Type) -> Int { Int(bitPattern: ObjectIdentifier(a)) &- Int(bitPattern: ObjectIdentifier(b)) }
        final class Probe {}
        let closure: (Int) -> Int = { $0 + 1 }
        var seen: [String] = [
          "User.page=\(page(User.self))",
          "UserStore.page=\(page(UserStore.self))",
          "Counter.page=\(page(Counter.self))",
          "ScoreError.page=\(page(ScoreError.self))",
          "ScoreValidator.page=\(page(ScoreValidator.self))",
          "UserStore-User=\(distance(UserStore.self, User.self))",
          "Counter-User=\(distance(Counter.self, User.self))",
          "ScoreError-User=\(distance(ScoreError.self, User.self))",
          "UserArray.page=\(page([User].self))",
          "OptionalUser.page=\(page(User?.self))",
          "closure.page=\(page(type(of: closure)))",
          "Probe.page=\(page(Probe.self))",
          "UserStoreTests.page=\(page(UserStoreTests.self))",
          "User.size=\(MemoryLayout<User>.size) \(MemoryLayout<User>.stride) \(MemoryLayout<User>.alignment)",
          "UserStore.size=\(MemoryLayout<UserStore>.size) \(MemoryLayout<UserStore>.stride)",
          "Counter.size=\(MemoryLayout<Counter>.size) \(MemoryLayout<Counter>.stride)",
          "object.page=\(UInt(bitPattern: ObjectIdentifier(Probe())) % 4096)",
          "nsobject.page=\(UInt(bitPattern: ObjectIdentifier(NSObject())) % 4096)",
          "User.hash=\(ObjectIdentifier(User.self).hashValue)",
          "User.name=\(String(reflecting: User.self))",
        ]
        for (index, address) in Thread.callStackReturnAddresses.enumerated() {
          seen.append("return\(index).page=\(address.uintValue % 4096)")
        }
        for (index, symbol) in Thread.callStackSymbols.enumerated() where symbol.contains("/box/bin/tests") {
          // The frame's name and offset, without the address that changes from run to run.
          seen.append("symbol\(index)=\(symbol.split(separator: " ").first ?? "")")
        }
        Issue.record(Comment(rawValue: seen.joined(separator: ";")))
    """#

  /// The numbers one run of the probe reported, by name.
  static func numbers(in comment: String) -> [String: String] {
    var numbers: [String: String] = [:]
    for line in comment.split(separator: ";") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      numbers[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return numbers
  }

  @Test("No number a test computes is the same in every run of one variant and different in another")
  func probeFindsNoDifference() throws {
    let folder = try lab.learner("layout-probe") { folder in
      try HostileLab.write(HostileLab.userStoreTest(Self.probe), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let (workspace, built) = try lab.builtTask2(folder, workspace: "layout-probe-direct")
    guard case .writeTests(let spec) = lab.lesson.tasks[1].kind else { return }
    // The kept mutants share one program: one of them stands for it.
    let variants = spec.variants(of: 2) + built.mutants(of: 2).prefix(1)
    #expect(variants.count >= 7)
    let tests = try #require(built.testsLibrary(.task(2)))
    // Each variant runs twice: a number that changes from run to run says nothing of the variant.
    var runs: [String: [[String: String]]] = [:]
    for variant in variants {
      let program = try #require(built.program(for: variant))
      runs["\(variant)"] = (0..<2).map { _ in
        let job = workspace.runTests(program, libraries: [tests])
        return Self.numbers(in: job.tests.flatMap(\.issues).map(\.comments).flatMap { $0 }.joined(separator: ";"))
      }
    }
    let names = Set(runs.values.flatMap { $0.flatMap(\.keys) })
    #expect(names.contains("User.page"), "the probe reported nothing: \(runs)")
    var telling: [String] = []
    for name in names.sorted() {
      let values = Set(runs.values.compactMap { $0.first?[name] })
      let eachStable = runs.values.allSatisfy { Set($0.map { $0[name] }).count == 1 }
      if eachStable && values.count > 1 {
        telling.append("\(name): " + runs.keys.sorted().map { "\($0)=\(runs[$0]![0][name] ?? "-")" }.joined(separator: ", "))
      }
    }
    #expect(telling.isEmpty, "numbers that tell the variants apart:\n\(telling.joined(separator: "\n"))")
  }

  @Test(
    "A suite that asserts the correct versions' addresses, learned from their feedback, passes on every chaff too and earns nothing",
    arguments: GradingMode.allCases)
  func learnedAddressesCatchNothing(mode grading: GradingMode) throws {
    // With namespaces off, as in a container (`GRADE_NAMESPACES=off`) and on Gradescope, the programs are the same files.
    let namespaces = grading == .own || grading == .classGrading
    let mode = "-\(grading.rawValue)"
    let types = ["User", "UserStore", "Counter", "ScoreError", "ScoreValidator"]
    let report = types.map { "\($0)=\\(UInt(bitPattern: ObjectIdentifier(\($0).self)) % 4096)" }.joined(separator: ";")
    let learning = try lab.learner("layout-learn\(mode)") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    Issue.record(Comment(rawValue: \"\(report)\"))"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    // What the feedback on the failing test shows, one submission for each correct version:
    // the numbers in its program.
    let (workspace, built) = try lab.builtTask2(learning, workspace: "layout-learn-direct\(mode)", namespaces: namespaces)
    guard case .writeTests(let spec) = lab.lesson.tasks[1].kind else { return }
    let correct = spec.variants(of: 2).filter(\.isCorrect)
    #expect(correct.count == 2)
    var learned: [String: Set<String>] = [:]
    for variant in correct {
      let job = workspace.runTests(try #require(built.program(for: variant)), libraries: [try #require(built.testsLibrary(.task(2)))])
      let numbers = Self.numbers(in: job.tests.flatMap(\.issues).map(\.comments).flatMap { $0 }.joined(separator: ";"))
      #expect(numbers.count == types.count, "\(numbers)")
      for (name, number) in numbers { learned[name, default: []].insert(number) }
    }

    // A suite that passes wherever a type sits where it sat in a correct version.
    let asserting = try lab.learner("layout-assert\(mode)") { folder in
      let checks = types.map { type in
        "    #expect([\((learned[type] ?? ["0"]).sorted().joined(separator: ", "))].contains(UInt(bitPattern: ObjectIdentifier(\(type).self)) % 4096))"
      }
      try HostileLab.write(HostileLab.userStoreTest(checks.joined(separator: "\n")), to: "Tests/UserStoreTests.swift", in: folder)
    }
    let graded = try grading.grade(asserting, as: lab.lesson, with: lab.grader, name: "layout-assert", scratch: lab.root.appending(path: "modes"))
    #expect(!graded.passed(2), "\(graded.words(2))")
    #expect(!graded.words(2).contains("must pass against a correct implementation"), "the solution's own numbers held: \(graded.words(2))")
    try lab.expectNothingOutsideChanged()
  }

  /// A task-2 test file whose one test computes a number that differs between the correct
  /// versions (7932 on the solution, 7919013 on the wheat that numbers users from 1000),
  /// asserts the solution's and shows it on failure: to learn the other version's number.
  static let measuring = HostileLab.userStoreTest("""
        var store = UserStore()
        let fingerprint = store.add(name: "Ada", email: "ada@example.com").id * 7919 + 13
        #expect(fingerprint == 7932, "computed \\(fingerprint)")
    """)

  @Test(
    "Where grades count, a test that fails on another correct version shows its name and place, and nothing it computed there",
    arguments: GradingMode.allCases)
  func noValuesFromOtherCorrectVersions(mode: GradingMode) throws {
    // A number that differs between the correct versions, asserted at the solution's value and
    // shown on failure, to learn the other correct version's from the feedback.
    let folder = try lab.learner("other-wheat-values-\(mode.rawValue)") { folder in
      try HostileLab.write(Self.measuring, to: "Tests/UserStoreTests.swift", in: folder)
    }
    let graded = try mode.grade(folder, as: lab.lesson, with: lab.grader, name: "other-wheat-values", scratch: lab.root.appending(path: "modes"))
    let words = graded.words(2)
    #expect(!graded.passed(2))
    #expect(words.contains("hostile() fails on correct code that numbers its users from 1000"), "\(mode): \(words)")
    #expect(words.contains("Lessons/01-expect-and-require/Tests/UserStoreTests.swift:"), "\(mode): \(words)")
    // The other correct version's number: shown in a learner's own grading, nowhere grades count.
    let gradesCount = mode == .classGrading || mode == .autograde
    #expect(words.contains("7919013") == !gradesCount, "\(mode): \(words)")
    #expect(words.contains(Wording.valuesWithheld) == gradesCount, "\(mode): \(words)")
  }
}
