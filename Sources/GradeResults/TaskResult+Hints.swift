import GradeCatalog

/// Where a task's hint ladder starts, from what its grading found.
extension TaskResult {
  /// The first hint of `task` whose premise this result does not already meet, from 1.
  ///
  /// A write-tests task's timing hints (`LessonTask.WriteTests.timingHints`) help its tests pass
  /// on correct code at every timing and in every run; a grading that went on to count the bugs
  /// caught found that they do, so the ladder starts after those hints.
  public func firstHintNeeded(of task: LessonTask) -> Int {
    guard case .writeTests(let spec) = task.kind, spec.timingHints > 0, bugsCaught != nil else { return 1 }
    return min(spec.timingHints + 1, max(task.hints.count, 1))
  }
}
