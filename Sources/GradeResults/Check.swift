import GradeCatalog
import GradeEvents

/// One named check of a task, the unit every report is made of: what was checked, and
/// what it found. It passed when it found nothing.
///
/// A check is Exercism's `tests` entry, a JUnit test case's failure and a line
/// of the learner's feedback at once: each report words the same findings
/// (`Finding.words(in:)`) and names the check from its kind, in Feedback, so no
/// two reports can disagree about a task.
public struct Check: Sendable, Equatable, Codable {
  /// What was checked: a value, never words, so that code asks what a check is by its kind.
  public var kind: Kind
  /// What the check found wrong; none when it passed.
  public var findings: [Finding]
  /// The last whole lines the tests printed, at most `Crash.outputLimit` characters, as printed,
  /// when it helps to see them.
  public var output: String?

  /// What a check checks. Feedback names each kind (`Check.name`).
  public enum Kind: Sendable, Equatable, Codable {
    // Any task, before or around its runs.
    /// The lesson could be graded at all.
    case lessonGradable
    /// The lesson's folder was in the learner's folder.
    case handedIn
    /// The learner's files differ from the starter.
    case started
    /// The task could be graded.
    case gradable
    /// The task could be graded on this machine.
    case gradableHere
    /// An owned file could be graded (read, a regular file, not too large).
    case fileGradable(path: String)
    /// The task's files keep the lesson's rules.
    case followsRules
    /// The task's files compile.
    case compiles

    // A run of canonical tests.
    /// The run's own report adds up.
    case reportAddsUp
    /// The tests could be run.
    case testsRun
    /// The test program started.
    case testsStart
    /// One canonical test, by its display name.
    case test(String)
    /// The task's tests exist.
    case testsExist
    /// ThreadSanitizer reported no data race.
    case noDataRace
    /// The test process ended cleanly after its tests.
    case endsCleanly
    /// The tests stopped printing.
    case stopsPrinting
    /// The tests ended within the time limit, in seconds.
    case endsWithin(seconds: Int)

    // A task where the learner writes tests.
    /// Every run's report adds up.
    case reportsAddUp
    /// The learner's tests pass on the solution.
    case passesOnSolution
    /// They pass on every other correct implementation too.
    case passesOnEveryCorrect
    /// They pass every repeated run and every other timing of a correct implementation.
    case passesByDesign(runs: Int, timings: Int)
    /// They pass when the events come late: they wait for events, not for time.
    case waitsForEvents
    /// A named test has the shape the task asks.
    case shape(test: String, TestShape)
    /// Exactly these tests carry the tag.
    case tagged(tag: String, tests: [String])
    /// A parameterized test runs at least this many cases.
    case minimumCases(Int)
    /// Every case of a parameterized test has a name of its own.
    case namedCases
    /// The tests catch this chaff.
    case catches(Chaff)
    /// The tests kill this kept mutant.
    case kills(MutantChange)

    // A task the compiler grades.
    /// The module compiles in Swift 6 mode with no concurrency diagnostics.
    case swift6
    /// The compiler rejects a misuse at its marked line, with its diagnostic group.
    case rejectsMisuse(path: String, line: Int, group: String)
  }

  /// Creates a check; `output` is cut to its last whole lines within `Crash.outputLimit`
  /// characters, and left out when empty.
  public init(_ kind: Kind, findings: [Finding] = [], output: String? = nil) {
    self.kind = kind
    self.findings = findings
    self.output = output.flatMap { $0.isEmpty ? nil : Crash.tail(of: $0) }
  }

  /// Passed when it found nothing; an error when a finding says it could not be graded.
  public var status: TaskResult.Status { Self.status(of: findings) }

  /// The status a list of findings gives: the one rule for pass, fail and error.
  package static func status(of findings: [Finding]) -> TaskResult.Status {
    .of(findings.map { $0.isGradingError ? .error : .fail })
  }

  private enum CodingKeys: String, CodingKey {
    case kind, findings, output
  }
}
