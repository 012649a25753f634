import Foundation

/// `grade hint`: the next rung of the hint ladder.
extension App {
  /// Climbs one rung of the hint ladder of the lesson's first unfinished task, or of task
  /// `taskNumber`, past the hints the learner has already seen, and prints it with where it
  /// stands on the ladder. With no lesson named, the lesson the learner is in.
  func hint(_ name: String?, task taskNumber: Int?, workbook: Workbook) throws(GradeError) -> Int32 {
    let current = CurrentLesson(workbook: workbook, starters: StarterFingerprints.recorded(in: workbook))
    guard let lesson = try name.map({ name throws(GradeError) in try resolve([name], in: workbook)[0] }) ?? current.find()?.lesson
    else { return Exit.error }
    let task: LessonTask
    if let taskNumber {
      guard let chosen = lesson.tasks.first(where: { $0.number == taskNumber }) else {
        throw .usage("lesson \(lesson.number) has tasks 1 to \(lesson.tasks.count), not \(taskNumber)")
      }
      task = chosen
    } else {
      // The last grading says which task is unfinished; without one, start at task 1.
      let last = ResultCache.latest(in: workbook.state.result("learner", of: lesson))
      let unfinished = lesson.tasks.first { task in last?.tasks.first { $0.taskNumber == task.number }?.status != .pass }
      guard let found = unfinished else {
        write("Every task of lesson \(lesson.number) passes. Read any task's hints with swift run grade hint \(lesson.number) --task K.")
        return Exit.passed
      }
      task = found
    }
    let hints = HintStore(url: workbook.learnerState.hints)
    let seen = hints.seen(task, in: lesson)
    let level = hints.advance(task, in: lesson)
    let renderer = FeedbackRenderer(style: style(Command.Options()))
    write("Lesson \(lesson.number), task \(task.number): \(task.title)")
    if seen >= 1, level > seen {
      // grade's feedback showed the hints below this one under the task.
      write(seen == 1 ? "(Hint 1 was under the task in grade's feedback.)" : "(Hints 1 to \(seen) you have seen already.)")
    }
    write(renderer.hint(for: task, level: level) ?? "This task has no hints.")
    let left = task.hints.count - level
    if left <= 0 {
      write("That is the last hint. The walkthrough, \(WorkbookPath.readme(lesson)), works through an example like this one.")
    } else {
      write("\(left) more hint\(left == 1 ? "" : "s"): swift run grade hint \(lesson.number)" + (taskNumber.map { " --task \($0)" } ?? ""))
    }
    return Exit.passed
  }
}
