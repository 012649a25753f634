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
  /// tests, Testing (`"imports"`; `CodeRules.defaultImports` when the catalog names none).
  public var imports: [String] = CodeRules.defaultImports

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
  }

  init(number: Int, draft: Draft) {
    self.init(
      number: number, slug: draft.slug, title: draft.title, module: draft.module,
      tasks: draft.tasks.enumerated().map { LessonTask(number: $0.offset + 1, draft: $0.element) })
    imports = draft.imports ?? CodeRules.defaultImports
  }
}
