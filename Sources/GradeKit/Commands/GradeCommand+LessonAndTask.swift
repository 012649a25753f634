import GradeCatalog

/// Reading `LESSON [TASK]`, which `grade reset`, `grade solve` and `grade mutants` share.
extension GradeCommand {
  /// A lesson and an optional task, given as `LESSON [TASK]` or `LESSON --task K`, for the commands that take both spellings.
  static func lessonAndTask(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> (String, Int?) {
    guard words.count == 1 || words.count == 2 else {
      throw .usage("say which lesson, and optionally which task: swift run grade \(usage.name) 1 [TASK]")
    }
    var task = parsed.task
    if words.count == 2 {
      guard let number = Int(words[1]), number > 0 else { throw .usage("the task is a number, not \(words[1])") }
      guard task == nil || task == number else { throw .usage("two tasks given, \(number) and \(task!); give one") }
      task = number
    }
    return (words[0], task)
  }
}
