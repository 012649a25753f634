import GradeCatalog

/// What `grade watch` does about each thing that happens while it watches: a line the learner
/// typed, or saves in some lessons' folders.
///
/// Decided apart from the terminal and the clock, so that each rule is tested alone: watch
/// follows the lesson whose files the learner saves and says so, goes to a lesson typed by
/// number, and `n` goes to the next lesson not done.
struct WatchSession {
  /// Something that happened while watching.
  enum Event: Equatable {
    /// The learner typed this line and pressed Enter.
    case typed(String)
    /// Files changed in the folders of these lessons, by number.
    case saved([Int])
  }

  /// What to do about an event.
  enum Action: Equatable {
    /// Stop watching.
    case quit
    /// Show the next hint of the lesson watched.
    case hint
    /// Show the lessons with their progress.
    case list
    /// Grade `lesson` and show its feedback, after `note` when there is one.
    case grade(Lesson, note: String?)
    /// Say this, and go on watching.
    case say(String)
    /// Nothing.
    case nothing
  }

  /// The keys watch understands, as it says them after every grading.
  static let keys =
    "Watching every lesson for saves. Type a lesson's number + Enter to go to it, h a hint, n the next lesson not done, l the list, q quit (or Ctrl-C)."

  /// The lesson watched now.
  var lesson: Lesson
  /// Every lesson, in order.
  var catalog: Catalog

  /// Decides what `event` calls for, moving to another lesson where it says to; `isDone`
  /// says whether a lesson is done (its last grading passed and still describes its files).
  mutating func react(to event: Event, isDone: (Lesson) -> Bool) -> Action {
    switch event {
    case .saved(let numbers):
      if numbers.contains(lesson.number) { return .grade(lesson, note: nil) }
      guard let saved = catalog.lessons.first(where: { numbers.contains($0.number) }) else { return .nothing }
      let before = lesson
      lesson = saved
      return .grade(
        saved,
        note: "You saved a file of lesson \(saved.number), so watch follows you there: lesson \(saved.number), \(saved.title)."
          + " (Type \(before.number) + Enter to go back to lesson \(before.number).)")
    case .typed(let line):
      let typed = line.trimmingCharacters(in: .whitespaces)
      switch typed {
      case "": return .nothing
      case "q": return .quit
      case "h": return .hint
      case "l": return .list
      case "n":
        guard let next = nextUnfinished(isDone: isDone) else {
          return .say(isDone(lesson) ? "Every lesson is done. Well tested!" : "Every other lesson is done: lesson \(lesson.number) is the one left.")
        }
        lesson = next
        return .grade(next, note: "Lesson \(next.number), \(next.title): the next lesson not done.")
      default:
        guard let chosen = catalog.lesson(named: typed) else {
          let numbers = catalog.lessons.map(\.number)
          return .say(
            "\"\(typed)\" is neither a key nor a lesson. Type a lesson's number (\(numbers.first ?? 1) to \(numbers.last ?? 1)), or h, n, l or q, then Enter.")
        }
        let again = chosen.number == lesson.number
        lesson = chosen
        return .grade(chosen, note: again ? "Lesson \(chosen.number) again, as you asked." : "Lesson \(chosen.number), \(chosen.title), as you asked.")
      }
    }
  }

  /// The first lesson after the one watched that is not done, coming round to the first lessons last.
  func nextUnfinished(isDone: (Lesson) -> Bool) -> Lesson? {
    let lessons = catalog.lessons
    let later = lessons.filter { $0.number > lesson.number } + lessons.filter { $0.number < lesson.number }
    return later.first { !isDone($0) }
  }
}
