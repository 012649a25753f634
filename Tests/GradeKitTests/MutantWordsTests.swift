import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeFeedback
@testable import GradeKit
@testable import GradeResults
import Synchronization
import GradeTestSupport
import Testing

/// A surviving mutant is named like a hint climbs: its kind and function first, the exact
/// change and line once the learner graded again with it alive, or asked.
@Suite("Mutant feedback, from the kind of change to the exact one")
struct MutantWordsTests {
  let lesson = SampleLesson.lesson
  let change = KeptMutantsTests.change(3)

  func words(_ exact: Set<String>?) -> Words {
    var wording = Wording(lesson: lesson, task: lesson.tasks[1])
    wording.exactMutants = exact
    return Finding.mutantSurvived(change).words(in: wording)
  }

  @Test("With no learner's history (JSON, class grading, autograde): the kind and function only, and no promise of more")
  func noHistory() {
    let said = words(nil)
    #expect(said.headline == "Not caught: your tests pass when a comparison is changed in limit(_:).")
    #expect(said.details == ["Which promise of limit(_:) does that change break? A test that checks it fails on the change."])
    #expect(!said.text.contains("Limit.swift:2"))
  }

  @Test("First time on a learner's screen: the kind and function, and how to see more")
  func firstTime() {
    let said = words([])
    #expect(said.headline == "Not caught: your tests pass when a comparison is changed in limit(_:).")
    #expect(said.details.last == "If your next grading still lets it live, or you ask (swift run grade hint), you see the exact change and its line.")
  }

  @Test("Once earned: the change quoted at its line")
  func earned() {
    let said = words(["m3"])
    #expect(said.headline == "Not caught: your tests pass when `amount > 10` becomes `amount >= 10` in limit(_:), Lessons/01-x/Sources/Limit.swift:2.")
    #expect(said.details == ["Which promise of the code does that change break? A test that checks it fails on the change."])
  }

  @Test("A check's name, which every report carries, names the kind only")
  func checkName() {
    let unquoted = KeptMutantsTests.change(4, quoted: false)
    #expect(change.outline == "a comparison is changed in limit(_:)")
    #expect(unquoted.outline == "a comparison is changed in your limit(_:)")
    #expect(!unquoted.hasExactWords && change.hasExactWords)
  }

  /// A workbook folder with the sample catalog and a stored grading of task 2 that lets `change` live.
  final class Scratch {
    let root = FileManager.default.temporaryDirectory.appending(path: "mutant-words-\(UUID().uuidString)")
    let workbook: Workbook
    let result: LessonResult

    init(_ change: MutantChange) throws {
      try FileManager.default.createDirectory(at: root.appending(path: "Lessons"), withIntermediateDirectories: true)
      try Data(SampleLesson.json.utf8).write(to: root.appending(path: "Lessons/catalog.json"))
      workbook = Workbook(root: root, catalog: SampleLesson.catalog)
      result = LessonResult(lessonNumber: 1, tasks: [.passed(1), .failing(2, [.mutantSurvived(change)])])
      ResultCache.store(result, at: workbook.state.result("learner", of: SampleLesson.lesson), fingerprint: "any")
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  /// What an app wrote to standard output.
  final class Output: Sendable {
    let lines = Mutex<[String]>([])
    var text: String { lines.withLock { $0.joined(separator: "\n") } }
    func clear() { lines.withLock { $0 = [] } }
  }

  /// An app in `folder` whose output is kept in `out`.
  func app(in folder: URL, out: Output) -> App {
    App(currentFolder: folder, environment: [:], outputIsTerminal: false, write: { line in out.lines.withLock { $0.append(line) } }, writeError: { _ in })
  }

  @Test("A learner's screens: the kind first, the exact change when the next grading still lets it live")
  func nextGrading() throws {
    let scratch = try Scratch(change)
    let out = Output()
    let app = app(in: scratch.root, out: out)
    let hints = HintStore(url: scratch.workbook.learnerState.hints)
    let renderer = FeedbackRenderer(style: Style(colored: false))
    let first = app.feedback(lesson, scratch.result, renderer: renderer, hints: hints, shown: ShownTask?.none)
    #expect(first.contains("a comparison is changed in limit(_:)."), "\(first)")
    #expect(!first.contains("Limit.swift:2"), "\(first)")
    let second = app.feedback(lesson, scratch.result, renderer: renderer, hints: hints, shown: ShownTask?.none)
    #expect(second.contains("`amount > 10` becomes `amount >= 10` in limit(_:), Lessons/01-x/Sources/Limit.swift:2."), "\(second)")
  }

  @Test("grade hint names exactly a mutant the screen named by its kind, once, then climbs the task's hints")
  func askedForIt() throws {
    let scratch = try Scratch(change)
    let out = Output()
    let app = app(in: scratch.root, out: out)
    let hints = HintStore(url: scratch.workbook.learnerState.hints)
    _ = app.feedback(lesson, scratch.result, renderer: FeedbackRenderer(style: Style(colored: false)), hints: hints, shown: ShownTask?.none)
    #expect(app.run(["hint", "1", "--task", "2"]) == App.Exit.passed)
    let asked = out.text
    #expect(asked.contains("  `amount > 10` becomes `amount >= 10` in limit(_:), Lessons/01-x/Sources/Limit.swift:2"), "\(asked)")
    #expect(!asked.contains("Hint "), "the ladder waits for the next ask: \(asked)")
    #expect(asked.contains("Ask again (swift run grade hint 1 --task 2) for the task's next hint."), "\(asked)")
    #expect(hints.mutantsSeen(in: lesson)["m3"] == .exactly)
    out.clear()
    _ = app.run(["hint", "1", "--task", "2"])
    let again = out.text
    #expect(again.contains("Hint 2 of 2"), "\(again)")
    #expect(!again.contains("becomes"), "\(again)")
  }

  @Test("A mutant the screen did not show (more bugs than it names at once) is not told by grade hint")
  func notShownNotTold() throws {
    let scratch = try Scratch(change)
    let out = Output()
    let app = app(in: scratch.root, out: out)
    _ = app.run(["hint", "1", "--task", "2"])
    #expect(!out.text.contains("becomes"))
  }
}
