import Foundation
@testable import GradeCatalog
@testable import GradeRun
import Testing

/// Which build grades which task: the workbook's own lessons, whose catalog marks an implement
/// task, a write-tests task's neighbours and compiler-graded tasks for ThreadSanitizer.
@Suite("Which build grades which task")
struct FlavourChoiceTests {
  /// The repository this file is in, whose catalog is the workbook's own.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let catalog = try! Workbook.load(at: repository).catalog
  /// Lesson 8: task 1 implements under ThreadSanitizer, 2 and 5 implement plainly, 3 writes
  /// tests, 4 is compiler-graded with stress tests under ThreadSanitizer.
  static var actors: Lesson { catalog.lessons[7] }
  /// Lesson 10: tasks 2 and 6 are compiler-graded with no stress tests.
  static var approachable: Lesson { catalog.lessons[9] }

  @Test("A task the catalog marks runs plainly first and under ThreadSanitizer once it passes; the others stay plain")
  func catalogMarks() {
    let choice = FlavourChoice(lesson: Self.actors, everyTask: false, tested: [3], built: [3])
    #expect(choice.sanitizedOncePassing == [1, 4])
    #expect(choice.builtSanitized.isEmpty)
    #expect(choice.testedSanitized.isEmpty)
    #expect(choice.flavoursBuilt == [.plain])
    #expect(choice.flavour(of: 1) == .plain)
    #expect(choice.flavour(of: 3) == .plain)
  }

  @Test("--sanitize thread builds and runs a write-tests task under ThreadSanitizer from the start, and only that build makes its variants")
  func everyTask() {
    let choice = FlavourChoice(lesson: Self.actors, everyTask: true, tested: [3], built: [3])
    #expect(choice.builtSanitized == [3])
    #expect(choice.testedSanitized == [3])
    #expect(choice.sanitizedOncePassing == [1, 2, 4, 5])
    #expect(choice.flavoursBuilt == [.plain, .threadSanitizer])
    #expect(choice.tasks([3], builtIn: .threadSanitizer) == [3])
    #expect(choice.tasks([3], builtIn: .plain).isEmpty)
    #expect(choice.flavour(of: 3) == .threadSanitizer)
  }

  @Test("A write-tests task only prepared, not tested, is built under ThreadSanitizer but runs nothing there")
  func preparedNotTested() {
    let choice = FlavourChoice(lesson: Self.actors, everyTask: true, tested: [], built: [3])
    #expect(choice.builtSanitized == [3])
    #expect(choice.testedSanitized.isEmpty)
    #expect(choice.flavour(of: 3) == .plain)
  }

  @Test("A compiler-graded task with no stress tests runs no tests, so even --sanitize thread leaves it plain")
  func compilerGradedWithoutStress() {
    let choice = FlavourChoice(lesson: Self.approachable, everyTask: true, tested: [2, 6], built: [2, 6])
    #expect(choice.builtSanitized.isEmpty)
    #expect(choice.testedSanitized.isEmpty)
    #expect(!choice.sanitizedOncePassing.contains(2) && !choice.sanitizedOncePassing.contains(6))
  }
}
