import Foundation
import GradeBuild
import GradeCatalog
import GradeFeedback
import GradeResults

/// `grade hint [LESSON] [--task K]`: the next rung of a task's hint ladder.
struct HintCommand: GradeCommand {
  /// How usage shows `grade hint`, and the options it takes.
  static let usage = CommandUsage(
    name: "hint", arguments: "[LESSON]",
    summary: "the next hint you have not seen, for the first unfinished task or for --task K (default: the lesson you are in)",
    audience: .learners, options: ["--task", "--color"])

  /// The lesson, as named on the command line; `nil` for the one `grade` shows.
  var name: String?
  /// The task whose ladder to climb; `nil` for the task the last grading's screen pointed at.
  var task: Int?

  /// Takes at most one lesson, and the task from `--task`.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> HintCommand {
    guard words.count <= 1 else { throw .usage("hint takes at most one lesson: swift run grade hint [N]") }
    return HintCommand(name: words.first, task: parsed.task)
  }

  /// Shows the next hint.
  func run(_ app: App) throws(GradeError) -> Int32 {
    try run(app, workbook: app.loadWorkbook())
  }

  /// Climbs one rung of the hint ladder of task `task`, or of the task the last grading's
  /// screen pointed at, past the hints the learner has already seen, and prints it with the
  /// task it belongs to and where it stands on the ladder; `grade watch` asks this of its workbook.
  ///
  /// With no lesson named, the lesson is the one `grade` shows: the one the learner is in,
  /// the one the last grading's screen showed if that came later, and once it is done, the
  /// next one not done.
  func run(_ app: App, workbook: Workbook) throws(GradeError) -> Int32 {
    let current = CurrentLesson(workbook: workbook, starters: StarterFingerprints.recorded(in: workbook))
    let pointer = ShownTask(url: workbook.learnerState.shownTask).last()
    func last(_ lesson: Lesson) -> LessonResult? { ResultCache.latest(in: workbook.state.result("learner", of: lesson)) }
    func isDone(_ lesson: Lesson) -> Bool { LastGrading.isDone(lesson, in: workbook) }

    let lesson: Lesson
    var movedOn: String?
    if let name {
      lesson = try app.resolve([name], in: workbook)[0]
    } else {
      guard var start = current.find() else { return App.Exit.error }
      // A grading's screen shown after the learner last moved is where they are now.
      if let pointer, pointer.date >= (current.lastMove() ?? .distantPast),
        let shownLesson = workbook.catalog.lessons.first(where: { $0.slug == pointer.slug })
      {
        start = (shownLesson, "the one the last grading showed")
      }
      let focus = CurrentLesson.movingOn(from: start, in: workbook, isDone: isDone)
      if focus.lesson.number != start.lesson.number { movedOn = "Lesson \(start.lesson.number) is done; lesson \(focus.lesson.number) is the next one not done." }
      lesson = focus.lesson
    }

    let task: LessonTask
    if let taskNumber = self.task {
      guard let chosen = lesson.tasks.first(where: { $0.number == taskNumber }) else {
        throw .usage("lesson \(lesson.number) has tasks 1 to \(lesson.tasks.count), not \(taskNumber)")
      }
      task = chosen
    } else {
      // The task the last screen pointed at, while it is unfinished; else the first one the
      // last grading left unfinished; task 1 before any grading.
      let result = last(lesson)
      func unfinished(_ task: LessonTask) -> Bool { result?.tasks.first { $0.taskNumber == task.number }?.status != .pass }
      let pointed = pointer.flatMap { pointer in
        pointer.slug == lesson.slug ? lesson.tasks.first { $0.number == pointer.task && unfinished($0) } : nil
      }
      guard let found = pointed ?? lesson.tasks.first(where: unfinished) else {
        if name == nil, let undone = workbook.catalog.lessons.first(where: { !isDone($0) }) {
          app.write("Lesson \(lesson.number) is done, and so is every lesson after it; lesson \(undone.number) is not: swift run grade hint \(undone.number)")
        } else if name == nil {
          app.write("Every lesson is done. Read any task's hints with swift run grade hint N --task K.")
        } else {
          app.write("Every task of lesson \(lesson.number) passes. Read any task's hints with swift run grade hint \(lesson.number) --task K.")
        }
        return App.Exit.passed
      }
      task = found
    }
    let hints = HintStore(url: workbook.learnerState.hints)
    if let movedOn { app.write(movedOn) }
    if let exactly = revealMutants(of: task, in: lesson, last: last(lesson), hints: hints, app: app) { return exactly }
    var seen = hints.seen(task, in: lesson)
    // Hints whose premise the last grading found met (the tests already wait for the event) are passed over.
    let start = last(lesson)?.tasks.first { $0.taskNumber == task.number }?.firstHintNeeded(of: task) ?? 1
    var skipped: String?
    if start - 1 > seen {
      skipped = start == 2
        ? "(Hint 1 is passed over: your tests already pass on correct code at every timing.)"
        : "(Hints 1 to \(start - 1) are passed over: your tests already pass on correct code at every timing.)"
      hints.markSeen(task, in: lesson, level: start - 1)
      seen = start - 1
    }
    let level = hints.advance(task, in: lesson)
    let renderer = FeedbackRenderer(style: app.style(Commands.Options()))
    app.write("Lesson \(lesson.number), task \(task.number) of \(lesson.tasks.count): \(task.title)")
    if let skipped {
      app.write(skipped)
    } else if seen >= 1, level > seen {
      // Under the task in grade's feedback, or here: either way, this one comes next.
      app.write(seen == 1 ? "(You have seen hint 1 of task \(task.number).)" : "(You have seen hints 1 to \(seen) of task \(task.number).)")
    }
    app.write(renderer.hint(for: task, level: level) ?? "This task has no hints.")
    let left = task.hints.count - level
    if left <= 0 {
      app.write("That is the last hint of task \(task.number). The walkthrough, \(WorkbookPath.readme(lesson)), works through an example like this one.")
    } else {
      app.write("\(Count.words(left, "more hint")) for task \(task.number): swift run grade hint \(lesson.number) --task \(task.number)")
    }
    return App.Exit.passed
  }

  /// Names exactly the kept mutants of `task` that the last grading's screen named by their kind
  /// only, when there are any: the learner who asks for a hint then gets the change and its
  /// line before the task's next hint, and later gradings name them exactly too.
  private func revealMutants(of task: LessonTask, in lesson: Lesson, last: LessonResult?, hints: HintStore, app: App) -> Int32? {
    guard let found = last?.tasks.first(where: { $0.taskNumber == task.number }), found.status != .pass else { return nil }
    let seen = hints.mutantsSeen(in: lesson)
    var outlined: [MutantChange] = []
    for finding in found.findings {
      switch finding {
      case .mutantSurvived(let change), .mutantUndecided(let change, _):
        if change.hasExactWords, seen[change.id] == .outlined { outlined.append(change) }
      default: break
      }
    }
    guard !outlined.isEmpty else { return nil }
    app.write("Lesson \(lesson.number), task \(task.number) of \(lesson.tasks.count): \(task.title)")
    app.write("The \(Count.noun("small change", for: outlined.count)) your last grading named by kind, exactly: your tests pass when")
    for change in outlined { app.write("  " + change.words) }
    app.write("Which promise of the code does \(outlined.count == 1 ? "it" : "each") break? Write the test that checks it. Ask again (swift run grade hint \(lesson.number)\(self.task == nil ? "" : " --task \(task.number)")) for the task's next hint.")
    hints.markMutants(Dictionary(uniqueKeysWithValues: outlined.map { ($0.id, .exactly) }), in: lesson)
    return App.Exit.passed
  }
}
