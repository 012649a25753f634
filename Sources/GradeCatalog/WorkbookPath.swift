import Foundation

/// A path in the workbook, relative to its root: the one place `Lessons/…`, `Solutions/…` and
/// `Tests/…` are spelled.
///
/// A learner reads these paths in feedback; the grader opens them with `url(in:)`.
/// Inside a lesson's folder (`Lessons/NN-slug`, `Solutions/NN-slug`, or a learner's
/// copy), files are named relative to it, as the catalog names them: `Sources/…`,
/// `Tests/…`, `Misuses/…`.
public struct WorkbookPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The path from the workbook's root.
  public let relative: String

  package init(_ relative: String) {
    self.relative = relative
  }

  public var description: String { relative }

  public static func < (lhs: WorkbookPath, rhs: WorkbookPath) -> Bool { lhs.relative < rhs.relative }

  /// The file or folder in the workbook at `root`.
  public func url(in root: URL) -> URL { root.appending(path: relative) }

  /// A path inside this folder.
  public func appending(_ part: String) -> WorkbookPath { WorkbookPath(relative + "/" + part) }

  /// The lessons' catalog.
  public static let catalog = WorkbookPath("Lessons/catalog.json")
  /// The fingerprints of the lessons' starters, which tell an untouched lesson.
  public static let starterFingerprints = WorkbookPath("Lessons/starters.json")

  /// A lesson's folder as handed out, which the learner works in: `Lessons/01-expect-and-require`.
  public static func lesson(_ lesson: Lesson) -> WorkbookPath { WorkbookPath("Lessons/\(lesson.folder)") }

  /// A lesson's solution folder: `Solutions/01-expect-and-require`.
  public static func solution(_ lesson: Lesson) -> WorkbookPath { WorkbookPath("Solutions/\(lesson.folder)") }

  /// The mutants a lesson's write-tests tasks grade against (`KeptMutants`): `Solutions/08-actors-and-races/mutants.json`.
  package static func keptMutants(_ lesson: Lesson) -> WorkbookPath { solution(lesson).appending("mutants.json") }

  /// A lesson's canonical tests: `Tests/ExpectRequireTests`.
  public static func canonicalTests(_ lesson: Lesson) -> WorkbookPath { WorkbookPath("Tests/\(lesson.testModule)") }

  /// A lesson's walkthrough: `Lessons/01-expect-and-require/README.md`.
  public static func readme(_ lesson: Lesson) -> WorkbookPath { Self.lesson(lesson).appending("README.md") }

  /// A file of a lesson's folder, as the catalog names it (`Sources/ScoreValidator.swift`).
  public static func file(_ file: String, of lesson: Lesson) -> WorkbookPath { Self.lesson(lesson).appending(file) }

  /// The folder of a variant's sources: the solution's `Sources`, or the files that replace some
  /// of them, in `Wheats/<name>`, `Chaffs/<name>` or `TimingWheats/<name>`.
  package static func variant(_ variant: VariantID, of lesson: Lesson) -> WorkbookPath {
    switch variant.role {
    case .solution, .mutant: solutionSources(lesson)
    case .wheat(let wheat): solution(lesson).appending("Wheats/\(wheat.name)")
    case .chaff(let chaff): chaffs(lesson).appending(chaff.name)
    case .timingWheat(let wheat): solution(lesson).appending("TimingWheats/\(wheat.name)")
    }
  }

  /// The solution's sources: `Solutions/NN-slug/Sources`, which every other variant's files replace some of.
  package static func solutionSources(_ lesson: Lesson) -> WorkbookPath { solution(lesson).appending(Lesson.sourcesFolder) }

  /// The folder of every chaff of a lesson: `Solutions/NN-slug/Chaffs`.
  package static func chaffs(_ lesson: Lesson) -> WorkbookPath { solution(lesson).appending("Chaffs") }

  /// The folder of every fixture without a technique of a lesson: `Solutions/NN-slug/Without`.
  package static func withouts(_ lesson: Lesson) -> WorkbookPath { solution(lesson).appending("Without") }

  /// The folder of a task's test file with one technique taken out: `Solutions/NN-slug/Without/<name>`.
  package static func without(_ fixture: LessonTask.Without, of lesson: Lesson) -> WorkbookPath {
    withouts(lesson).appending(fixture.name)
  }

  /// The folder of every lesson as handed out, which the learner edits.
  package static let lessons = WorkbookPath("Lessons")
  /// The folder of every lesson's canonical tests, and of the grader's own.
  package static let tests = WorkbookPath("Tests")
  /// The folder of every lesson's solution, which a released copy leaves out.
  package static let solutions = WorkbookPath("Solutions")
  /// The grader's own tests, which a released copy leaves out: their fixtures name what chaffs hold.
  package static let graderTests = tests.appending("GradeKitTests")

  /// Whether `relative` is in one of the grader's own test folders (`Tests/Grade…`), which a
  /// released copy leaves out with their support target: every one of them, not only GradeKit's.
  package static func isGraderTest(_ relative: String) -> Bool {
    guard relative.hasPrefix(tests.relative + "/Grade") else { return false }
    return relative.dropFirst(tests.relative.count + 1).contains("/")
  }

  /// The solution's version of a file of a lesson's folder: `Lessons/NN/x` is `Solutions/NN/x`.
  public var inSolution: WorkbookPath? {
    relative.hasPrefix("Lessons/") ? WorkbookPath("Solutions/" + relative.dropFirst("Lessons/".count)) : nil
  }
}

extension Lesson {
  /// The folder inside a lesson folder that holds its sources, as the catalog's file names start.
  package static let sourcesFolder = "Sources"
  /// The folder inside a lesson folder that holds the learner's tests.
  package static let testsFolder = "Tests"
}
