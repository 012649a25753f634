import GradeCatalog

/// A learner's record as the class reports read it: each task's `TaskStanding`, and the time grading took.
extension LearnerRecord {
  /// The standing of every task of `lessons`, in order, with its lesson and task numbers.
  func standings(_ lessons: [Lesson]) -> [(lesson: Int, task: Int, standing: TaskStanding)] {
    lessons.flatMap { lesson in
      let entry = self.lessons.first { $0.lesson == lesson.number }
      return lesson.tasks.map { (lesson.number, $0.number, TaskStanding.of(task: $0.number, in: entry)) }
    }
  }

  /// Whether some task of the record could not be graded.
  var anyNotGraded: Bool {
    lessons.contains { entry in entry.result.lessonError != nil || entry.result.tasks.contains { TaskStanding.of(task: $0.taskNumber, in: entry).isNotGraded } }
  }

  /// Whether some lesson of the record was not handed in.
  var anyNotHandedIn: Bool { lessons.contains(where: \.wasNotHandedIn) }

  /// The seconds grading the record's lessons took.
  var seconds: Double { lessons.reduce(0) { $0 + $1.result.seconds } }
}
