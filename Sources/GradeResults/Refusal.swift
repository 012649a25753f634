
/// Something in a learner's file that the grader will not compile or run, with where it is and why.
///
/// Learner files are compiled into the process that runs the tests, so what they
/// may hold is decided from the compiler's own view of them (`SourceSurvey`), per
/// lesson (`CodeRules`): anything that could read the code under test's bytes,
/// change the test harness, or switch off the compiler's checks is refused, and
/// the refusal is the feedback.
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

  /// Why the rule exists, in words a learner acts on.
  public var reason: String {
    switch rule {
    case .underscoredAttribute:
      "\(found) is one of the compiler's underscored attributes, which can replace functions the test harness relies on; a learner's files may not use them"
    case .attribute:
      "\(found) is not an attribute this workbook's lessons use; a learner's files may use the ones Swift code and tests need (@MainActor, @Test, @available, @discardableResult, ...), and no attribute that places code where the loader or another module runs it"
    case .declaration:
      "holds \(found), which is not a declaration this workbook's lessons make; a macro declaration would have the compiler load and run a plugin of its choosing"
    case .directive:
      "holds \(found), which is not a directive or macro this workbook's lessons use; a learner's files may write #expect, #require, #if, #available, #isolation and the like, and the grader reads every # word in a file, in comments and strings too, so reword one there"
    case .operatorFunction:
      "declares the operator \(found), which this task does not ask for; the lesson's tests compare what your code returns with the operators its types already have, and your file may not change what they compare with"
    case .synthesizedWitness:
      "declares \(found), which Swift writes for your types and this task does not ask you to write; the lesson's tests rely on the one Swift writes, and your file may not change it"
    case .cFunction:
      "calls the C function \(found), which no lesson's code needs; it could change the test harness or read the code under test. Use the Swift API the lesson teaches"
    case .reflection:
      "uses \(found), which reads stored properties inside the Swift runtime, where ThreadSanitizer cannot see the read; in a task about data races a read must be one the sanitizer sees. Read the state through its lock instead, and write a closure such as { $0.name } where you wrote a key path"
    case .section:
      "adds the section \(found) to the built code, which the lesson's own code does not have; code there could run before any test, outside them"
    case .unsafeMarking:
      "\(found) switches off the compiler's memory-safety checks; a learner's files may not use it"
    case .module:
      "imports \(found), which this lesson's files may not" + (allowed.isEmpty ? "" : "; they may import \(allowed.joined(separator: ", "))")
    case .leftBehind:
      "still uses \(found), which this task leaves behind"
    case .callStack:
      "reads the call stack (\(found)), which says how the code under test is built, not what it does; test what it does"
    case .uncheckedPromise:
      "\(found) is a promise the compiler stops checking, not a fix; it silences the diagnostic and leaves the race. Change the design instead: a value type, an actor, a Mutex, or sending"
    case .exportedSymbol:
      "exports the C symbol \(found), which would replace the test harness's own; a learner's code exports Swift symbols only"
    case .logicInView:
      "the view holds \(found); a view shows what its model holds and passes on what the user does. Move the decision into the model, where a test can reach it"
    }
  }

  private enum CodingKeys: String, CodingKey {
    case rule, path, line, found, allowed
  }
}
