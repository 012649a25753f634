import Foundation

/// One numbered task of a lesson, with the files the learner owns and a hint ladder.
///
/// Named `LessonTask` so that it never shadows Swift's `Task`.
public struct LessonTask: Sendable, Equatable {
  /// How a task is graded. New kinds (compiler-graded, sanitizer-graded) add a case.
  public enum Kind: Sendable, Equatable {
    /// The learner writes code; canonical tests, named by suite or function, grade it.
    case implement(tests: [String])
    /// The learner writes tests; they must pass on the wheat and catch every chaff.
    case writeTests(WriteTests)
    /// The compiler grades: the learner's files compile in Swift 6 mode with no
    /// concurrency diagnostics, and each misuse of their API is rejected.
    case compiles(Compiles)
    /// A kind this grader does not know, as the catalog spells it: never graded as
    /// another kind, and `grade check` names it.
    case unknown(String)
  }

  /// What a write-tests task asks of the learner's tests.
  public struct WriteTests: Sendable, Equatable {
    /// The buggy variants the tests must catch.
    public var chaffs: [Chaff]
    /// Correct implementations beside the solution, each using a freedom the contract leaves:
    /// a test that fails on one checks something the code never promised.
    public var wheats: [Wheat] = []
    /// Why the task has no alternative wheat, when its contract leaves no freedom worth grading.
    public var wheatsWaived: String?
    /// When set, some test must be parameterized and run at least this many cases on the wheat.
    public var minimumCases: Int?
    /// When set, no case of a parameterized test may be shown as Swift's default description
    /// of a struct or class, `TypeName(field: value, ...)`: each case needs a name of its own.
    public var namedCases: Bool = false
    /// When set, the tests must also pass every run of many against the wheat and every timing wheat.
    public var flakiness: Flakiness?
    /// Text the learner's test files must not contain outside comments, such as `XCTAssert`
    /// in a suite migrated from XCTest.
    public var forbidden: [String] = []
    /// Tag name (without the dot) → the test functions, by name, that must carry it, and no others.
    public var tags: [String: [String]] = [:]
    /// Whether the tests must wait for events, never for time: a sleep that runs to its end
    /// while a test runs records an issue in that test (`"waitsForEvents"`).
    public var waitsForEvents = false
    /// Test functions, by name, that must record a known issue (`withKnownIssue`) and no other.
    public var knownIssues: [String] = []
    /// Test functions, by name, that must be skipped (`.disabled`).
    public var disabled: [String] = []
    /// Test functions, by name, that must carry a `.bug(…)` trait.
    public var bugs: [String] = []
    /// How many of the first hints help the tests pass on correct code at every timing (wait
    /// for the event, serialize shared state) (`"timingHints"`): once the tests do, the ladder
    /// starts after them, since their premise is already met.
    public var timingHints = 0
    /// Reference test functions, by name, that catch no bug another reference test does not,
    /// each mapped to the test that covers the same promise (`"givesEachUserItsOwnID()":
    /// "findsEachUserByID()"`): every other reference test must catch some chaff or kept
    /// mutant alone, which `grade check --runs` proves.
    public var redundant: [String: String] = [:]
    /// The examples the doc comments of the code under test give, each the body of a test
    /// (`#expect(TrackingDesk.fourDigits(7) == "0007")`): every survivor of the task's mutants
    /// must pass them all, which `grade check` proves by running each built alone.
    public var examples: [String] = []

    /// Creates the requirements of a write-tests task.
    public init(
      chaffs: [Chaff], minimumCases: Int? = nil, flakiness: Flakiness? = nil, forbidden: [String] = [],
      tags: [String: [String]] = [:]
    ) {
      self.chaffs = chaffs
      self.minimumCases = minimumCases
      self.flakiness = flakiness
      self.forbidden = forbidden
      self.tags = tags
    }
  }

  /// What a compiler-graded task asks of the learner's code.
  public struct Compiles: Sendable, Equatable {
    /// Text the learner's files must not contain, such as `@unchecked Sendable`: promises
    /// the compiler stops checking, which would silence it instead of fixing the design.
    public var forbidden: [String]
    /// Code that calls the learner's API wrongly, which the compiler must reject.
    public var misuses: [Misuse]
    /// The lesson's own explanation of each diagnostic group the task is about.
    public var explanations: [String: String]
    /// Canonical tests that use the task's types from many tasks at once (`"stress"`), run
    /// like an implement task's, under ThreadSanitizer when the task says so: a type that
    /// races fails even where the compiler is silent, as it is for a promise a superclass made.
    public var stress: [String] = []

    /// Creates the requirements of a compiler-graded task.
    public init(forbidden: [String] = [], misuses: [Misuse] = [], explanations: [String: String] = [:]) {
      self.forbidden = forbidden
      self.misuses = misuses
      self.explanations = explanations
    }
  }

  /// A file of code that uses the learner's API wrongly, with the line the compiler must reject.
  ///
  /// The file lives in the lesson folder (such as `Misuses/ShareCounter.swift`), is
  /// the same in `Lessons/` and `Solutions/`, and marks the line with `// misuse`.
  /// It is compiled on its own, in Swift 6 mode, against the learner's module.
  public struct Misuse: Sendable, Equatable, Codable {
    /// The file, relative to the lesson folder.
    public var file: String
    /// The diagnostic group the error must carry, such as `SendingRisksDataRace`.
    public var group: String

    /// Creates a misuse.
    public init(file: String, group: String) {
      self.file = file
      self.group = group
    }
  }

  /// How a write-tests task catches tests that pass by luck.
  public struct Flakiness: Sendable, Equatable, Codable {
    /// How many times the tests run against the wheat, spread over every core so they run under load.
    public var runs: Int
    /// Correct implementations that only move when things happen; every honest test passes them.
    public var timingWheats: [Wheat]
    /// What makes a test of this task pass by luck, which says what its feedback asks for
    /// (`"cause"`; waiting for time unless the catalog says otherwise).
    public var cause: Cause = .timing

    /// What makes a test pass by luck, in a kind of task.
    public enum Cause: String, Sendable, Equatable, Codable {
      /// The test guesses when something happens (a sleep, a yield, a check right after
      /// starting work): it must wait for the event itself.
      case timing
      /// Tests share state (a shared instance, a static) and run at the same time: they must
      /// be serialized (`"shared-state"`).
      case sharedState = "shared-state"
    }

    /// Creates the requirement.
    public init(runs: Int, timingWheats: [Wheat] = [], cause: Cause = .timing) {
      self.runs = runs
      self.timingWheats = timingWheats
      self.cause = cause
    }

    private enum CodingKeys: String, CodingKey {
      case runs, timingWheats, cause
    }

    /// Reads the requirement; `cause` may be left out.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      runs = try container.decode(Int.self, forKey: .runs)
      timingWheats = try container.decodeIfPresent([Wheat].self, forKey: .timingWheats) ?? []
      cause = try container.decodeIfPresent(Cause.self, forKey: .cause) ?? .timing
    }
  }

  /// A correct implementation beside the solution: one with other timing, in
  /// `Solutions/NN-slug/TimingWheats/<name>/`, or one that uses a freedom the contract leaves
  /// (an order, a message, how often a collaborator is called), in `Solutions/NN-slug/Wheats/<name>/`.
  public struct Wheat: Sendable, Hashable, Codable {
    /// The folder name.
    public var name: String
    /// What it does differently, completing "code that …", for the learner whose test it fails.
    public var description: String

    /// Creates a wheat.
    public init(name: String, description: String) {
      self.name = name
      self.description = description
    }

    private enum CodingKeys: String, CodingKey {
      case name, description
    }
  }

  /// A task's file with one technique taken out, in `Solutions/NN-slug/Without/<name>/`, beside
  /// the check that must fail without it: what makes CONTRIBUTING's coverage table a proof.
  ///
  /// A write-tests task's fixture is its reference test file (`Tests/…`) without the technique; an
  /// implement or compiles task's, its solution's source (`Sources/…`). Either is a whole file, or
  /// the solution's file with small edits (`Foo.swift.edits`, `FixtureEdits`). `grade check`
  /// grades the solution with the fixture in place and breaches unless the check named by `fails`
  /// fails.
  public struct Without: Sendable, Hashable, Codable {
    /// The folder name.
    public var name: String
    /// The technique taken out, as CONTRIBUTING's coverage table names it.
    public var technique: String
    /// The check that fails without it: for a write-tests task, the name of one of its chaffs,
    /// wheats or timing wheats, one of `checkKinds`, a shape the task declares, or `solution`,
    /// tests that fail on the correct code itself; for an
    /// implement task, one of its canonical test suites, as its `tests` name them; for a compiles
    /// task, one of its misuse files (`Misuses/…`) or `stress` suites. Any task may name the
    /// compiler's error (`compiles`), and one that sets them `forbidden`, `views` or `ThreadSanitizer`.
    /// Two checks joined by ` or ` mean either fails, for a technique whose absence the grading
    /// always sees but not always the same way (lost updates fail the tests in the plain build;
    /// when none are lost, ThreadSanitizer reports the race).
    public var fails: String

    /// The checks `fails` names: one, or each of those joined by ` or `.
    public var failing: [String] { Self.failing(fails) }

    /// The checks a `fails` value names: one, or each of those joined by ` or `.
    public static func failing(_ fails: String) -> [String] { fails.components(separatedBy: " or ") }

    /// Creates a fixture.
    public init(name: String, technique: String, fails: String) {
      self.name = name
      self.technique = technique
      self.fails = fails
    }

    /// The checks a fixture may name in `fails` by kind: the shapes, each a key the task must set in
    /// the catalog, and the compiler's error, a forbidden promise and a data race report.
    public static let checkKinds: Set<String> = [
      "minimumCases", "namedCases", "flakiness", "tags", "knownIssues", "disabled", "bugs", "compiles", "forbidden", "ThreadSanitizer", "solution", "views",
    ]
  }

  /// The task's position in its lesson, from 1.
  public var number: Int
  /// A short imperative title.
  public var title: String
  /// How the task is graded.
  public var kind: Kind
  /// The files the learner owns, relative to the lesson folder.
  public var files: [String]
  /// At least two hints: a nudge first, then a pointer.
  public var hints: [String]
  /// A shorter time limit for each run of the task's tests, in seconds (`"timeLimit"`):
  /// a lesson whose tests run on a test clock knows they finish in milliseconds, so a
  /// test that hangs on a chaff need not hold the learner up for the default minute.
  public var timeLimitSeconds: Int?

  /// The task's files that are views (`"views"`): each shows what its model holds and does
  /// nothing else, which the parser checks (`CodeRules.thinView`).
  public var views: [String] = []
  /// The operators the task asks the learner to write in its `Sources/` files (`"operators"`),
  /// such as `<` for a clock's instants; no other operator may be declared there.
  public var operators: [String] = []
  /// The members the compiler writes for a conformance (`CodeRules.synthesized`) that the task
  /// asks the learner to write in its `Sources/` files (`"witnesses"`), such as `allCases`; no
  /// other may be declared there.
  public var witnesses: [String] = []
  /// The task's files with one technique taken out, each of which must fail the task with the
  /// check it names (`"without"`): the proof that the task grades the technique. A write-tests
  /// task's fixtures are its reference test file; an implement task's, its solution's sources.
  public var without: [Without] = []
  /// Whether the task's tests always run in a ThreadSanitizer build (`"sanitize": "thread"`),
  /// where a data race report fails them.
  public var threadSanitizer = false

  /// Creates a task.
  public init(number: Int, title: String, kind: Kind, files: [String], hints: [String]) {
    self.number = number
    self.title = title
    self.kind = kind
    self.files = files
    self.hints = hints
  }

  /// A task as the catalog file spells it.
  struct Draft: Decodable {
    var title: String
    var kind: String
    var files: [String]
    var hints: [String]
    var tests: [String]?
    var chaffs: [Chaff]?
    var wheats: [Wheat]?
    var wheatsWaived: String?
    var without: [Without]?
    var minimumCases: Int?
    var namedCases: Bool?
    var flakiness: Flakiness?
    var forbidden: [String]?
    var misuses: [Misuse]?
    var explanations: [String: String]?
    var sanitize: String?
    var tags: [String: [String]]?
    var timeLimit: Int?
    var waitsForEvents: Bool?
    var knownIssues: [String]?
    var disabled: [String]?
    var bugs: [String]?
    var timingHints: Int?
    var redundant: [String: String]?
    var examples: [String]?
    var views: [String]?
    var operators: [String]?
    var witnesses: [String]?
    var stress: [String]?
  }

  init(number: Int, draft: Draft) {
    let kind: Kind
    switch draft.kind {
    case "write-tests":
      var spec = WriteTests(
        chaffs: draft.chaffs ?? [], minimumCases: draft.minimumCases, flakiness: draft.flakiness,
        forbidden: draft.forbidden ?? [], tags: draft.tags ?? [:])
      spec.wheats = draft.wheats ?? []
      spec.wheatsWaived = draft.wheatsWaived
      spec.namedCases = draft.namedCases ?? false
      spec.waitsForEvents = draft.waitsForEvents ?? false
      spec.knownIssues = draft.knownIssues ?? []
      spec.disabled = draft.disabled ?? []
      spec.bugs = draft.bugs ?? []
      spec.timingHints = draft.timingHints ?? 0
      spec.redundant = draft.redundant ?? [:]
      spec.examples = draft.examples ?? []
      kind = .writeTests(spec)
    case "implement":
      kind = .implement(tests: draft.tests ?? [])
    case "compiles":
      var spec = Compiles(forbidden: draft.forbidden ?? [], misuses: draft.misuses ?? [], explanations: draft.explanations ?? [:])
      spec.stress = draft.stress ?? []
      kind = .compiles(spec)
    default:
      kind = .unknown(draft.kind)
    }
    self.init(number: number, title: draft.title, kind: kind, files: draft.files, hints: draft.hints)
    threadSanitizer = draft.sanitize == "thread"
    timeLimitSeconds = draft.timeLimit
    declaredSanitizer = draft.sanitize
    views = draft.views ?? []
    without = draft.without ?? []
    operators = draft.operators ?? []
    witnesses = draft.witnesses ?? []
  }

  /// The canonical tests the task runs: an implement task's, or a compiler-graded task's stress tests.
  public var canonicalTestNames: [String] {
    switch kind {
    case .implement(let names): names
    case .compiles(let spec): spec.stress
    default: []
    }
  }

  /// The sanitizer as the catalog spells it, so `grade check` can name one it does not know.
  package var declaredSanitizer: String?

  /// The kinds this grader knows.
  public static let knownKinds: Set<String> = ["implement", "write-tests", "compiles"]
}

extension LessonTask {
  /// The names of the task's files in the learner's module (`Sources/…`), without the folder.
  package var sourceNames: Set<String> {
    let prefix = Lesson.sourcesFolder + "/"
    return Set(files.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
  }
}
