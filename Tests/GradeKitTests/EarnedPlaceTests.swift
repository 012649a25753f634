import Foundation
import GradeTestSupport
import Testing

@testable import GradeCatalog
@testable import GradeKit

/// `grade check --runs` proves every reference test catches some bug alone, or the catalog
/// says which test covers it.
@Suite("Every reference test earns its place")
struct EarnedPlaceTests {
  /// The sample lesson, its write-tests task naming `redundant` tests.
  static func lesson(redundant: [String: String] = [:]) -> Lesson {
    var lesson = SampleLesson.lesson
    guard case .writeTests(var spec) = lesson.tasks[1].kind else { fatalError("the sample's task 2 writes tests") }
    spec.redundant = redundant
    lesson.tasks[1].kind = .writeTests(spec)
    return lesson
  }

  /// A soak of task 2 in which the solution ran `tests` and each chaff was caught by the tests named.
  static func soaked(tests: Set<String>, caught: [String: Set<String>]) -> [Grader.SoakResult] {
    let chaffs = SampleLesson.lesson.tasks[1].kind
    guard case .writeTests(let spec) = chaffs else { return [] }
    var results = [Grader.SoakResult(task: 2, variant: .solution(of: 2), runs: 3, wrong: 0, tests: tests)]
    for chaff in spec.chaffs {
      results.append(Grader.SoakResult(
        task: 2, variant: VariantID(task: 2, role: .chaff(chaff)), runs: 3, wrong: 0, killers: caught[chaff.name] ?? [], tests: tests))
    }
    return results
  }

  @Test("a test that catches some chaff alone earns its place; one that catches only what others catch does not")
  func alone() {
    let soaked = Self.soaked(
      tests: ["findsUser()", "swapsNothing()", "countsUsers()"],
      caught: ["nil-for-known": ["findsUser()", "countsUsers()"], "swapped-fields": ["swapsNothing()"], "off-by-one": ["findsUser()"]])
    // A test that earns no place is a breach, so `grade check` fails on it.
    let breaches = Checker.earnedPlaces(of: Self.lesson(), soaked: soaked).map(\.message)
    #expect(breaches.count == 1)
    #expect(
      breaches.first?.hasPrefix(
        "task 2: the reference test countsUsers() catches no chaff or kept mutant that another test does not catch (findsUser() catches every bug it does)"
      ) == true)
  }

  @Test("the catalog's word excuses a redundant test, and is refused where it is wrong")
  func redundant() {
    let soaked = Self.soaked(
      tests: ["findsUser()", "swapsNothing()", "countsUsers()"],
      caught: ["nil-for-known": ["findsUser()", "countsUsers()"], "swapped-fields": ["swapsNothing()"], "off-by-one": ["findsUser()"]])
    let named = Checker.earnedPlaces(of: Self.lesson(redundant: ["countsUsers()": "findsUser()"]), soaked: soaked)
    #expect(named.isEmpty)
    let wrong = Checker.earnedPlaces(
      of: Self.lesson(redundant: ["countsUsers()": "findsUser()", "swapsNothing()": "gone()"]), soaked: soaked
    ).map(\.message)
    #expect(wrong.count == 2)
    #expect(wrong.contains { $0.contains("says gone() covers swapsNothing(), but only swapsNothing() catches code that swaps the name and the email") })
    #expect(wrong.contains { $0.contains("says gone() covers swapsNothing(), but gone() is no reference test") })
  }

  @Test("two tests that catch the same bugs: the catalog names one redundant, and the other then catches them alone")
  func pairs() {
    let soaked = Self.soaked(
      tests: ["findsUser()", "findsEachUser()"],
      caught: ["nil-for-known": ["findsUser()", "findsEachUser()"], "swapped-fields": ["findsUser()", "findsEachUser()"]])
    #expect(Checker.earnedPlaces(of: Self.lesson(), soaked: soaked).count == 2)
    let one = Checker.earnedPlaces(of: Self.lesson(redundant: ["findsEachUser()": "findsUser()"]), soaked: soaked)
    #expect(one.isEmpty)
    let both = Checker.earnedPlaces(
      of: Self.lesson(redundant: ["findsEachUser()": "findsUser()", "findsUser()": "findsEachUser()"]), soaked: soaked
    ).map(\.message)
    #expect(both.contains { $0.contains("names findsUser() redundant too: name a test that stays") })
  }

  @Test("a task whose runs could not be counted is not judged")
  func uncounted() {
    var soaked = Self.soaked(tests: ["findsUser()", "countsUsers()"], caught: ["nil-for-known": ["findsUser()", "countsUsers()"]])
    soaked[1].problem = "the runs were stopped"
    let found = Checker.earnedPlaces(of: Self.lesson(), soaked: soaked)
    #expect(found.isEmpty)
  }
}
