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
    name: "watch", arguments: "[LESSON]", summary: "grade again on every save, following the lesson you save; type a lesson's number to go to it (default: start in the lesson you are in)",
    audience: .learners, options: CommandUsage.grading)

  /// The lesson to watch, as named on the command line; `nil` for the lesson you are in.
  var name: String?
  /// How to grade.
  var options: Commands.Options

  /// Takes at most one lesson.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> WatchCommand {
    guard words.count <= 1 else { throw .usage("watch takes at most one lesson: swift run grade watch [N]") }
    return WatchCommand(name: words.first, options: parsed.options)
  }

  /// Grades the lesson now and after every save in any lesson, following the lesson saved,
  /// until you quit.
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
    var session = WatchSession(lesson: lesson, catalog: workbook.catalog)
    func isDone(_ lesson: Lesson) -> Bool { LastGrading.isDone(lesson, in: workbook) }

    // Each lesson's last result in this session, for what a save changed.
    var previous: [Int: LessonResult] = [:]
    func gradeAndShow(_ lesson: Lesson, note: String?) -> TaskResult.Status {
      // The learner waits for this grading: a preparation in the background pauses meanwhile.
      let foreground = FileLock(shared: workbook.state.foregroundLock)
      defer { foreground.unlock() }
      if app.outputIsTerminal { app.write("\u{1B}[2J\u{1B}[H") }  // Clear the screen, as rustlings does.
      app.writeError("Grading lesson \(lesson.number) (\(lesson.slug))...")
      let result = grader.grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true)
      app.write(app.feedback(lesson, result, renderer: renderer, hints: hints, shown: ShownTask(url: workbook.learnerState.shownTask)))
      app.write("")
      if let before = previous[lesson.number] {
        app.write(Self.changes(from: before, to: result, in: lesson))
      }
      previous[lesson.number] = result
      // Said at the foot of the screen, where the learner looks after a save.
      if let note { app.write(note) }
      if result.passed, let next = session.nextUnfinished(isDone: isDone) {
        app.write("Lesson \(lesson.number) is done. Type n + Enter to go on to lesson \(next.number), \(next.title).")
      }
      app.write(WatchSession.keys)
      return result.status
    }

    // The last grading's status gives the exit status, by the rule every command follows.
    var status = gradeAndShow(lesson, note: nil)
    app.prepareAhead(of: lesson, workbook: workbook, grader: grader)
    func snapshots() -> [Int: FolderSnapshot] {
      Dictionary(uniqueKeysWithValues: workbook.catalog.lessons.map { ($0.number, FolderSnapshot(of: workbook.starterFolder(of: $0))) })
    }
    var seen = snapshots()
    var pollDescriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    var inputOpen = true
    while true {
      let event: WatchSession.Event
      // Wait up to a tenth of a second for a key; that wait is also the polling interval,
      // short because it adds to every save's wait for feedback.
      if inputOpen, poll(&pollDescriptor, 1, 100) > 0 {
        guard let line = Swift.readLine() else {
          inputOpen = false
          continue
        }
        event = .typed(line)
      } else {
        if !inputOpen { usleep(100_000) }
        var now = snapshots()
        guard now != seen else { continue }
        let before = seen
        // Editors often save in several writes: wait until two looks 50 ms apart agree.
        repeat {
          seen = now
          usleep(50_000)
          now = snapshots()
        } while now != seen
        event = .saved(workbook.catalog.lessons.map(\.number).filter { before[$0] != now[$0] })
      }
      switch session.react(to: event, isDone: isDone) {
      case .quit: return App.Exit.of(status)
      case .hint: _ = try HintCommand(name: String(session.lesson.number), task: nil).run(app, workbook: workbook)
      case .list: app.write(app.lessonList(workbook, progress: true, current: session.lesson))
      case .say(let words): app.write(words)
      case .nothing: break
      case .grade(let lesson, let note):
        // A lesson chosen by key is one asked for; a saved one is known by its files' dates.
        if case .typed = event { current.remember(lesson) }
        status = gradeAndShow(lesson, note: note)
      }
    }
  }
}
