import GradeCatalog
import GradeResults

extension Check {
  /// The start of the name of the check that a buggy version is caught; the rest names its misconception.
  public static let chaffPrefix = "catches a bug: "
  /// The start of the name of the check that a kept mutant is killed; the rest names the change.
  public static let mutantPrefix = "kills a mutant: your tests fail when "

  /// The check's name in words, as every report shows it: the one place a kind is named.
  public var name: String { kind.name }
}

extension Check.Kind {
  /// The kind's name in words, completing "✔ …" in a learner's feedback.
  public var name: String {
    switch self {
    case .lessonGradable: "the lesson can be graded"
    case .handedIn: "the lesson was handed in"
    case .started: "your files differ from the starter"
    case .gradable: "the task can be graded"
    case .gradableHere: "the task can be graded here"
    case .fileGradable(let path): "\(path) can be graded"
    case .followsRules: "the task's files keep the lesson's rules"
    case .compiles: "compiles"
    case .reportAddsUp: "the test run's report adds up"
    case .testsRun: "the tests can be run"
    case .testsStart: "the tests start"
    case .test(let name): name
    case .testsExist: "the task's tests exist"
    case .noDataRace: "no data race under ThreadSanitizer"
    case .endsCleanly: "the test process ends cleanly"
    case .stopsPrinting: "the tests stop printing"
    case .endsWithin(let seconds): "the tests end within \(seconds) s"
    case .reportsAddUp: "the test runs' reports add up"
    case .passesOnSolution: "your tests pass against a correct implementation"
    case .passesOnEveryCorrect: "your tests pass on every correct implementation, not only this one"
    case .passesByDesign(let runs, let timings):
      "your tests pass \(Count.words(runs, "run")) and \(Count.words(timings, "other timing")) of a correct implementation"
    case .waitsForEvents: "your tests wait for the events, not for time: they pass when the events come late"
    case .shape(let test, let shape): "\(test) should \(shape.wants)"
    case .tagged(let tag, let tests): "exactly \(tests.joined(separator: ", ")) carry the tag .\(tag)"
    case .minimumCases(let needed): "a parameterized test runs at least \(Count.words(needed, "case"))"
    case .namedCases: "every case of a parameterized test has a name of its own"
    case .catches(let chaff): Check.chaffPrefix + chaff.misconception
    case .kills(let change): Check.mutantPrefix + change.outline
    case .swift6: "compiles in Swift 6 mode with no concurrency diagnostics"
    case .rejectsMisuse(let path, let line, let group): "the compiler rejects \(path):\(line) with [#\(group)]"
    }
  }
}
