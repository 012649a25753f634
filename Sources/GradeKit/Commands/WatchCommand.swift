import Foundation
import GradeBuild
import GradeCatalog
import GradeResults

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `grade watch [LESSON]`: grades a lesson again every time you save, like rustlings' watch mode.
struct WatchCommand: GradeCommand {
  /// How usage shows `grade watch`, and the options it takes.
  static let usage = CommandUsage(
    name: "watch", arguments: "[LESSON]", summary: "grade again on every save (default: the lesson you are in)",
    audience: .learners, options: CommandUsage.grading)

  /// What you can type while watching.
  static let keys = "Watching for saves. Type h + Enter for a hint, n next lesson, l list, q quit (or Ctrl-C)."

  /// The lesson to watch, as named on the command line; `nil` for the lesson you are in.
  var name: String?
  /// How to grade.
  var options: Command.Options

  /// Takes at most one lesson.
  static func parse(_ words: [String], _ parsed: Command.Parsed) throws(GradeError) -> WatchCommand {
    guard words.count <= 1 else { throw .usage("watch takes at most one lesson: swift run grade watch [N]") }
    return WatchCommand(name: words.first, options: parsed.options)
  }

  /// Grades the lesson now and after every save, until you quit.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    let grader = app.grader(workbook, options)
    let renderer = app.renderer(options, workbook: workbook)
    let hints = HintStore(url: workbook.learnerState.hints)
    let current = CurrentLesson(workbook: workbook, starters: StarterFingerprints.recorded(in: workbook))
    guard var lesson = current.find()?.lesson else { throw .infrastructure("the catalog lists no lessons") }
    if let name {
      lesson = try app.resolve([name], in: workbook)[0]
      current.remember(lesson)
    }

    var previous: LessonResult?
    func gradeAndShow() -> Bool {
      // The learner waits for this grading: a preparation in the background pauses meanwhile.
      let foreground = FileLock(shared: workbook.state.foregroundLock)
      defer { foreground.unlock() }
      if app.outputIsTerminal { app.write("\u{1B}[2J\u{1B}[H") }  // Clear the screen, as rustlings does.
      app.writeError("Grading lesson \(lesson.number) (\(lesson.slug))...")
      let result = grader.grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true)
      app.write(app.feedback(lesson, result, renderer: renderer, hints: hints, shown: ShownTask(url: workbook.learnerState.shownTask)))
      app.write("")
      if let previous, previous.lessonNumber == result.lessonNumber {
        app.write(Self.changes(from: previous, to: result, in: lesson))
      }
      previous = result
      app.write(Self.keys)
      return result.passed
    }

    var passed = gradeAndShow()
    app.prepareAhead(of: lesson, workbook: workbook, grader: grader)
    var snapshot = FolderSnapshot(of: workbook.starterFolder(of: lesson))
    var pollDescriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    var inputOpen = true
    while true {
      // Wait up to a tenth of a second for a key; that wait is also the polling interval,
      // short because it adds to every save's wait for feedback.
      if inputOpen, poll(&pollDescriptor, 1, 100) > 0 {
        guard let line = Swift.readLine() else {
          inputOpen = false
          continue
        }
        switch line.trimmingCharacters(in: .whitespaces) {
        case "q": return passed ? App.Exit.passed : App.Exit.failed
        case "h": _ = try HintCommand(name: String(lesson.number), task: nil).run(app, workbook: workbook)
        case "l": app.write(app.lessonList(workbook, progress: true, current: lesson))
        case "n":
          lesson = nextUnfinished(after: lesson, in: workbook) ?? lesson
          current.remember(lesson)
          passed = gradeAndShow()
          snapshot = FolderSnapshot(of: workbook.starterFolder(of: lesson))
        default: break
        }
        continue
      }
      if !inputOpen { usleep(100_000) }
      var now = FolderSnapshot(of: workbook.starterFolder(of: lesson))
      guard now != snapshot else { continue }
      // Editors often save in several writes: wait until two looks 50 ms apart agree.
      repeat {
        snapshot = now
        usleep(50_000)
        now = FolderSnapshot(of: workbook.starterFolder(of: lesson))
      } while now != snapshot
      passed = gradeAndShow()
      if passed, let next = nextUnfinished(after: lesson, in: workbook) {
        app.write("Lesson \(lesson.number) is done. Type n + Enter to go on to lesson \(next.number), \(next.title).")
      }
    }
  }

  /// The first lesson after `lesson` whose last grading did not pass, going by stored results,
  /// coming round to the first lessons last.
  private func nextUnfinished(after lesson: Lesson, in workbook: Workbook) -> Lesson? {
    let lessons = workbook.catalog.lessons
    let later = lessons.filter { $0.number > lesson.number } + lessons.filter { $0.number < lesson.number }
    return later.first { ResultCache.latest(in: workbook.state.result("learner", of: $0))?.passed != true }
  }
}
