
/// Something in a learner's file that the grader will not compile or run, with where it is and why.
///
/// Learner files are compiled into the process that runs the tests, so what they
/// may hold is decided from the compiler's own view of them (`SourceSurvey`), per
/// lesson (`CodeRules`): anything that could read the code under test's bytes,
/// change the test harness, or switch off the compiler's checks is refused, and
/// the refusal is the feedback (Feedback words it, `Refusal.reason`).
public struct Refusal: Sendable, Equatable, Codable {
  /// Which rule the file breaks.
  public enum Rule: String, Sendable, Codable {
    /// An attribute whose name starts with `_`: the compiler's internals (`@_cdecl`, `@_silgen_name`).
    case underscoredAttribute
    /// An attribute not on the list of those a lesson's files may use (`CodeRules.attributes`),
    /// such as `@section`, `@used` or `@c`, which place code where the loader runs it.
    case attribute
    /// A declaration not on the list of those a lesson's files may make (`CodeRules.declarations`),
    /// such as a macro, which points the compiler at a plugin to load.
    case declaration
    /// A `#` word not on the list of those a lesson's files may write (`CodeRules.poundWords`),
    /// such as `#sourceLocation`, which would have the compiler say the code is somewhere else.
    case directive
    /// An operator a file of `Sources/` declares that its task does not ask for (`CodeRules.operators`),
    /// such as an `==` the canonical tests would compare with.
    case operatorFunction
    /// A member the compiler writes for a conformance that a file of `Sources/` writes itself,
    /// though its task does not ask for it (`CodeRules.witnesses`), such as an `allCases` the
    /// canonical tests take their arguments from.
    case synthesizedWitness
    /// A C function the built code calls that is not on the list of those it may call
    /// (`MachineCodeRules`), such as `dup2` or `dlsym` reached through Foundation.
    case cFunction
    /// A read the Swift runtime makes for the code in a task ThreadSanitizer grades, which the
    /// sanitizer cannot see: reflection (`Mirror`, `dump`), a key path the runtime applies, or
    /// any runtime function not among those that leave every access to the code.
    case reflection
    /// A section the built code adds that the lesson's own code does not have, such as a
    /// constructor the loader runs before any test.
    case section
    /// `unsafe`, `@safe` or `@unsafe`: what switches the memory-safety check off.
    case unsafeMarking
    /// A module the lesson's files may not import.
    case module
    /// A module the task asks the learner to leave behind, such as XCTest after a migration.
    case leftBehind
    /// The call stack, which says how the code under test is built, not what it does.
    case callStack
    /// A promise the compiler stops checking: `@unchecked Sendable`, `nonisolated(unsafe)`, `@preconcurrency`.
    case uncheckedPromise
    /// A C symbol the built code exports, which could replace one the test harness uses.
    case exportedSymbol
    /// Logic in a view, which the task asks to move into its model.
    case logicInView
  }

  /// The rule broken.
  public var rule: Rule
  /// The path the learner knows the file by.
  public var path: String
  /// The line, from 1, when the rule is broken at one.
  public var line: Int?
  /// What was found, as written: `@_cdecl`, `Glibc`, `fwrite`, `@unchecked Sendable`.
  public var found: String
  /// For a module the files may not import, the ones they may.
  public var allowed: [String] = []

  /// Creates a refusal.
  public init(rule: Rule, path: String, line: Int?, found: String, allowed: [String] = []) {
    self.rule = rule
    self.path = path
    self.line = line
    self.found = found
    self.allowed = allowed
  }

  /// Whether the file may not run at all: what could read the code under test or change the
  /// harness. A design rule (a promise the compiler stops checking, a module left behind)
  /// fails its task and leaves the file to run.
  public var blocksRunning: Bool {
    switch rule {
    case .uncheckedPromise, .leftBehind, .logicInView: false
    default: true
    }
  }

  /// `path:line`, or the path alone.
  public var location: String { line.map { "\(path):\($0)" } ?? path }

  private enum CodingKeys: String, CodingKey {
    case rule, path, line, found, allowed
  }
}
