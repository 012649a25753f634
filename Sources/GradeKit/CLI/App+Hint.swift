import Foundation
import GradeCatalog
import GradeFeedback
import GradeResults

/// `grade hint`: the next rung of the hint ladder.
extension App {
  /// Climbs one rung of the hint ladder of task `taskNumber`, or of the task the last
  /// grading's screen pointed at, past the hints the learner has already seen, and prints it
  /// with the task it belongs to and where it stands on the ladder.
  ///
  /// With no lesson named, the lesson is the one `grade` shows: the one the learner is in,
  /// the one the last grading's screen showed if that came later, and once it is done, the
  /// next one not done.
  func hint(_ name: String?, task taskNumber: Int?, workbook: Workbook) throws(GradeError) -> Int32 {
    let current = CurrentLesson(workbook: workbook, starters: StarterFingerprints.recorded(in: workbook))
    let pointer = ShownTask(url: workbook.learnerState.shownTask).last()
    func last(_ lesson: Lesson) -> LessonResult? { ResultCache.latest(in: workbook.state.result("learner", of: lesson)) }
    func isDone(_ lesson: Lesson) -> Bool { last(lesson)?.passed == true }

    let lesson: Lesson
    var movedOn: String?
    if let name {
      lesson = try resolve([name], in: workbook)[0]
    } else {
      guard var start = current.find() else { return Exit.error }
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
    if let taskNumber {
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
          write("Lesson \(lesson.number) is done, and so is every lesson after it; lesson \(undone.number) is not: swift run grade hint \(undone.number)")
        } else if name == nil {
          write("Every lesson is done. Read any task's hints with swift run grade hint N --task K.")
        } else {
          write("Every task of lesson \(lesson.number) passes. Read any task's hints with swift run grade hint \(lesson.number) --task K.")
        }
        return Exit.passed
      }
      task = found
    }
    let hints = HintStore(url: workbook.learnerState.hints)
    let seen = hints.seen(task, in: lesson)
    let level = hints.advance(task, in: lesson)
    let renderer = FeedbackRenderer(style: style(Command.Options()))
    if let movedOn { write(movedOn) }
    write("Lesson \(lesson.number), task \(task.number) of \(lesson.tasks.count): \(task.title)")
    if seen >= 1, level > seen {
      // Under the task in grade's feedback, or here: either way, this one comes next.
      write(seen == 1 ? "(You have seen hint 1 of task \(task.number).)" : "(You have seen hints 1 to \(seen) of task \(task.number).)")
    }
    write(renderer.hint(for: task, level: level) ?? "This task has no hints.")
    let left = task.hints.count - level
    if left <= 0 {
      write("That is the last hint of task \(task.number). The walkthrough, \(WorkbookPath.readme(lesson)), works through an example like this one.")
    } else {
      write("\(left) more hint\(left == 1 ? "" : "s") for task \(task.number): swift run grade hint \(lesson.number) --task \(task.number)")
    }
    return Exit.passed
  }
}
