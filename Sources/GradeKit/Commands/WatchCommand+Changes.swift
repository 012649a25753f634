import GradeCatalog
import GradeResults

/// What a save changed, as `grade watch` says it after each grading.
extension WatchCommand {
  /// What a save changed, task by task, and what to do next.
  static func changes(from old: LessonResult, to new: LessonResult, in lesson: Lesson) -> String {
    var lines: [String] = []
    for task in lesson.tasks {
      let before = old.tasks.first { $0.taskNumber == task.number }
      let after = new.tasks.first { $0.taskNumber == task.number }
      guard let after else { continue }
      if before?.status != .pass, after.status == .pass {
        lines.append("✔ Task \(task.number) passes now.")
      } else if before?.status == .pass, after.status != .pass {
        lines.append("✘ Task \(task.number) passed before this save and fails now.")
      } else if let before, Self.outcome(of: before) != Self.outcome(of: after), after.status != .pass {
        lines.append("… Task \(task.number) still fails, differently: read its feedback above.")
      }
    }
    if lines.isEmpty { lines.append("Since your last save: nothing changed in the results.") } else { lines.insert("Since your last save:", at: 0) }
    if let next = lesson.tasks.first(where: { task in new.tasks.first { $0.taskNumber == task.number }?.status != .pass }) {
      lines.append("Next: task \(next.number), \(next.title).")
    }
    return lines.joined(separator: "\n")
  }

  /// What a task's result says, without the words that may change from run to run (a failed
  /// expectation can print a random ID or the time): which checks pass, and the compiler's errors.
  static func outcome(of task: TaskResult) -> [String] {
    let checks = task.checks.map { "\($0.name): \($0.status)" }
    let errors = task.findings.flatMap { finding -> [String] in
      guard case .compileErrors(let errors) = finding else { return [] }
      return errors.map { "\($0.path ?? ""):\($0.line ?? 0): \($0.message)" }
    }
    return checks + errors
  }
}
