import Foundation
import GradeBuild
import GradeCatalog
import GradeFeedback
import GradeResults

/// `grade [LESSON ...]`: grades every lesson with an overview and the feedback of the lesson you are in, or the lessons named.
struct GradeLessonsCommand: GradeCommand {
  /// How usage shows `grade`, and the options it takes.
  static let usage = CommandUsage(
    name: "", arguments: "[LESSON ...]",
    summary: "grade every lesson (progress, then feedback on the lesson you are in), or the lessons named, by number or slug; with --task K, one lesson's feedback and an exit code for task K alone",
    audience: .learners, options: ["--format", "--task"] + CommandUsage.grading)

  /// The lessons to grade, as named on the command line (number, slug or folder); none grades every lesson.
  var names: [String]
  /// How to grade and report; with `task`, the exit status is that task's alone.
  var options: Commands.Options

  /// Takes any lessons; `--task` only with one.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> GradeLessonsCommand {
    var options = parsed.options
    if let task = parsed.task {
      guard words.count == 1 else { throw .usage("--task needs one lesson: swift run grade 1 --task 2") }
      options.task = task
    }
    return GradeLessonsCommand(names: words, options: options)
  }

  /// Grades the lessons and prints their feedback, or the overview and the feedback of the lesson you are in.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let lessons = try app.resolve(names, in: workbook)
    let grader = app.grader(workbook, options)
    let hints = HintStore(url: workbook.learnerState.hints)
    let shownTask = ShownTask(url: workbook.learnerState.shownTask)
    let renderer = app.renderer(options, workbook: workbook)
    let starters = StarterFingerprints.recorded(in: workbook)
    let current = CurrentLesson(workbook: workbook, starters: starters)
    if options.format == .text, lessons.count == 1, !names.isEmpty { current.remember(lessons[0]) }
    // The learner waits for this grading: a preparation in the background pauses meanwhile.
    let foreground = FileLock(shared: workbook.state.foregroundLock)
    defer { foreground.unlock() }
    var results: [Int: LessonResult] = [:]
    var deferred: [Lesson] = []
    func grade(_ lesson: Lesson) -> LessonResult {
      if let known = results[lesson.number] { return known }
      if options.format == .text { app.writeError("Grading lesson \(lesson.number) (\(lesson.slug))...") }
      // A write-tests task the learner has not started is not built: the first grade of a
      // lesson waits only for the tasks the learner changed, and the rest is prepared after it.
      let untouched = starters.untouchedTasks(of: lesson, in: workbook.starterFolder(of: lesson))
      let result = grader.grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true, notStarted: untouched)
      results[lesson.number] = result
      if !untouched.isEmpty { deferred.append(lesson) }
      return result
    }

    // With no lesson named, the learner's feedback is the lesson they are in, shown as soon as
    // it is graded; if that one is done, the next one not done. Untouched lessons are not
    // built (their starters fail every task), so nobody waits for lessons they never opened.
    var shown: (lesson: Lesson, why: String)?
    if options.format == .text, names.isEmpty, let (lesson, why) = current.find() {
      let focus = CurrentLesson.movingOn(from: (lesson, why), in: workbook) { other in
        other.number == lesson.number ? grade(other).passed : LastGrading.isDone(other, in: workbook)
      }
      if !grade(focus.0).passed {
        shown = focus
        app.write(app.feedback(focus.0, grade(focus.0), renderer: renderer, hints: hints, shown: shownTask))
        app.write("")
      }
      app.prepareAhead(of: focus.0, workbook: workbook, grader: grader, first: deferred)
    }
    for lesson in lessons where results[lesson.number] == nil {
      if options.format == .text, names.isEmpty, starters.isUntouched(lesson, in: workbook) {
        results[lesson.number] = .notStarted(lesson)
      } else {
        _ = grade(lesson)
      }
    }
    let graded = lessons.compactMap { lesson in results[lesson.number].map { (lesson, $0) } }

    switch options.format {
    case .json:
      app.write(ResultsJSON.encode(graded, namesCaughtBugs: renderer.solutionsShipped))
    case .text:
      if names.isEmpty {
        app.write(renderer.overview(graded))
        if let shown {
          app.write("Shown above: lesson \(shown.lesson.number), \(shown.why). Another lesson: swift run grade N")
        } else if graded.allSatisfy({ $0.1.passed }) {
          app.write("Every lesson is done. Well tested!")
        } else if let (lesson, _) = current.find() {
          app.write("Lesson \(lesson.number), the one you were in, is done. Another lesson: swift run grade N")
        }
      } else {
        // The first failing lesson is the one whose task the screen points at.
        let pointed = graded.first { ShownTask.firstUnfinished(of: $0.0, in: $0.1) != nil }?.0
        for (lesson, result) in graded {
          app.write(app.feedback(lesson, result, renderer: renderer, hints: hints, shown: lesson.number == pointed?.number ? shownTask : nil))
        }
        if let last = graded.last?.0 { app.prepareAhead(of: last, workbook: workbook, grader: grader, first: deferred) }
      }
    }
    if let notice = grader.isolation.notice, options.format == .text {
      app.writeError(app.style(options).yellow("! ") + notice)
    }
    // The exit status follows the status every report gives (`LessonResult.status`): 2 for a
    // lesson, or with --task a task, that could not be graded, so a script and the JSON agree.
    if let number = options.task, let (lesson, result) = graded.first {
      guard let task = result.tasks.first(where: { $0.taskNumber == number }) else {
        throw .usage("lesson \(lesson.number) has tasks 1 to \(lesson.tasks.count), not \(number)")
      }
      if options.format == .text { app.write(task.status == .pass ? "Task \(number) passes." : "Task \(number) does not pass yet.") }
      return App.Exit.of(task.status)
    }
    return App.Exit.of(graded.map(\.1.status))
  }
}
