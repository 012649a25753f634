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
    /// A kind this grader does not know, as the catalog spells it: never graded as
    /// another kind, and `grade check` names it.
    case unknown(String)
  }

  /// What a write-tests task asks of the learner's tests.
  public struct WriteTests: Sendable, Equatable {
    /// The buggy variants the tests must catch.
    public var chaffs: [Chaff]
    /// When set, some test must be parameterized and run at least this many cases on the wheat.
    public var minimumCases: Int?
    /// When set, the tests must also pass every run of many against the wheat and every timing wheat.
    public var flakiness: Flakiness?

    /// Creates the requirements of a write-tests task.
    public init(chaffs: [Chaff], minimumCases: Int? = nil, flakiness: Flakiness? = nil) {
      self.chaffs = chaffs
      self.minimumCases = minimumCases
      self.flakiness = flakiness
    }
  }

  /// How a write-tests task catches tests that pass by luck.
  public struct Flakiness: Sendable, Equatable, Codable {
    /// How many times the tests run against the wheat, spread over every core so they run under load.
    public var runs: Int
    /// Correct implementations that only move when things happen; every honest test passes them.
    public var timingWheats: [TimingWheat]

    /// Creates the requirement.
    public init(runs: Int, timingWheats: [TimingWheat] = []) {
      self.runs = runs
      self.timingWheats = timingWheats
    }
  }

  /// A correct implementation with other timing, in `Solutions/NN-slug/TimingWheats/<name>/`.
  public struct TimingWheat: Sendable, Equatable, Codable {
    /// The folder name.
    public var name: String
    /// What its timing is, completing "code that …", for the learner whose test it fails.
    public var description: String

    /// Creates a timing wheat.
    public init(name: String, description: String) {
      self.name = name
      self.description = description
    }
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
    var minimumCases: Int?
    var flakiness: Flakiness?
  }

  init(number: Int, draft: Draft) {
    let kind: Kind
    switch draft.kind {
    case "write-tests":
      kind = .writeTests(WriteTests(chaffs: draft.chaffs ?? [], minimumCases: draft.minimumCases, flakiness: draft.flakiness))
    case "implement":
      kind = .implement(tests: draft.tests ?? [])
    default:
      kind = .unknown(draft.kind)
    }
    self.init(number: number, title: draft.title, kind: kind, files: draft.files, hints: draft.hints)
  }

  /// The kinds this grader knows.
  public static let knownKinds: Set<String> = ["implement", "write-tests"]
}
