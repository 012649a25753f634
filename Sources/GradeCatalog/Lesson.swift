import Foundation

/// One lesson: a walkthrough, starter code, canonical tests and a hidden solution.
public struct Lesson: Sendable, Equatable {
  /// The lesson's position in the catalog, from 1.
  public var number: Int
  /// The short name used on the command line, such as `parameterized-tests`.
  public var slug: String
  /// The walkthrough's title.
  public var title: String
  /// The Swift module the lesson builds, such as `ParameterizedTesting`.
  public var module: String
  /// The tasks in order, numbered from 1.
  public var tasks: [LessonTask]
  /// The modules a learner's files may import, besides the lesson's own module and, in
  /// tests, Testing (`"imports"`; `defaultImports` when the catalog names none).
  public var imports: [String] = Lesson.defaultImports

  /// The modules a lesson's files may import when its catalog entry names none.
  public static let defaultImports = ["Foundation", "Synchronization", "Observation", "Dispatch"]

  /// The actor every declaration of the lesson's module is isolated to unless it says
  /// otherwise (`"defaultIsolation": "MainActor"`, SE-0466), as in an app target Xcode 26
  /// makes; `nil` for none, SwiftPM's default.
  public var defaultIsolation: String?
  /// Upcoming language features the lesson's module and tests are compiled with, such as
  /// `NonisolatedNonsendingByDefault` (SE-0461), which Xcode 26's "approachable concurrency" turns on.
  public var upcomingFeatures: [String] = []

  /// The compiler's flags for the lesson's module and every variant of it.
  public var moduleFlags: [String] {
    (defaultIsolation.map { ["-default-isolation", $0] } ?? []) + testFlags
  }

  /// The compiler's flags for the lesson's tests: its upcoming features; tests keep Swift's
  /// default isolation, as SwiftPM's and Xcode's test targets do.
  public var testFlags: [String] {
    upcomingFeatures.flatMap { ["-enable-upcoming-feature", $0] }
  }

  /// The folder under `Lessons/` and `Solutions/`, such as `02-parameterized-tests`.
  public var folder: String {
    let padded = number < 10 ? "0\(number)" : "\(number)"
    return "\(padded)-\(slug)"
  }

  /// The canonical test target, such as `ParameterizedTestingTests`.
  public var testModule: String { "\(module)Tests" }

  /// The test target holding the tests the learner writes.
  public var learnerTestModule: String { "\(module)LearnerTests" }

  /// Every file the learner owns across the lesson's tasks, relative to the lesson folder.
  public var ownedFiles: [String] { tasks.flatMap(\.files) }

  /// Creates a lesson.
  public init(number: Int, slug: String, title: String, module: String, tasks: [LessonTask]) {
    self.number = number
    self.slug = slug
    self.title = title
    self.module = module
    self.tasks = tasks
  }

  /// A lesson as the catalog file spells it, before it is numbered.
  struct Draft: Decodable {
    var slug: String
    var title: String
    var module: String
    var tasks: [LessonTask.Draft]
    var imports: [String]?
    var defaultIsolation: String?
    var upcomingFeatures: [String]?
  }

  init(number: Int, draft: Draft) {
    self.init(
      number: number, slug: draft.slug, title: draft.title, module: draft.module,
      tasks: draft.tasks.enumerated().map { LessonTask(number: $0.offset + 1, draft: $0.element) })
    imports = draft.imports ?? Lesson.defaultImports
    defaultIsolation = draft.defaultIsolation
    upcomingFeatures = draft.upcomingFeatures ?? []
  }
}
