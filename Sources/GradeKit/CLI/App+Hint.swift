import Foundation

/// `grade hint`: the next rung of the hint ladder.
extension App {
  /// Climbs one rung of the hint ladder of the lesson's first unfinished task and prints it.
  func hint(_ name: String, workbook: Workbook) throws(GradeError) -> Int32 {
    guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
    // The last grading says which task is unfinished; without one, start at task 1.
    let last = ResultCache.latest(in: workbook.state.result("learner", of: lesson))
    let unfinished = lesson.tasks.first { task in last?.tasks.first { $0.taskNumber == task.number }?.status != .pass }
    guard let task = unfinished else {
      write("Every task of lesson \(lesson.number) passes. No hints needed.")
      return Exit.passed
    }
    let hints = HintStore(url: workbook.state.hints)
    let level = hints.advance(task, in: lesson)
    let renderer = FeedbackRenderer(style: style(Command.Options()))
    write("Lesson \(lesson.number), task \(task.number): \(task.title)")
    write(renderer.hint(for: task, level: level) ?? "This task has no hints.")
    if level >= task.hints.count {
      write("That is the last hint. The walkthrough, Lessons/\(lesson.folder)/README.md, works through an example like this one.")
    } else {
      write("Run it again for the next hint.")
    }
    return Exit.passed
  }
}
