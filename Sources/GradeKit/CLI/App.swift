import Foundation
import GradeCatalog
import GradeResults

/// The grader's front end: runs one command and returns the exit status.
///
/// Everything it prints goes through `write` and `writeError`, so tests can
/// capture whole runs.
public struct App: Sendable {
  /// Exit statuses.
  public enum Exit {
    /// Every graded lesson passes.
    public static let passed: Int32 = 0
    /// Some graded lesson fails.
    public static let failed: Int32 = 1
    /// The command line was wrong, or a lesson or task could not be graded.
    public static let error: Int32 = 2

    /// The exit status of results with these statuses, by `TaskResult.Status.of(_:)`'s rule.
    static func of(_ statuses: [TaskResult.Status]) -> Int32 {
      switch TaskResult.Status.of(statuses) {
      case .error: error
      case .fail: failed
      case .pass: passed
      }
    }

    /// The exit status of one result.
    static func of(_ status: TaskResult.Status) -> Int32 { of([status]) }
  }

  /// The folder to look for the workbook from.
  public var currentFolder: URL
  /// The environment, for `NO_COLOR`.
  public var environment: [String: String]
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Writes to standard output.
  public var write: @Sendable (String) -> Void
  /// Writes to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Reads a line of standard input, or `nil` at its end; `nil` when input is not a terminal.
  public var readLine: @Sendable () -> String?
  /// The size of the terminal standard output shows on, or `nil` when it is not one.
  public var terminalSize: @Sendable () -> (columns: Int, rows: Int)?
  /// The system the grader runs on: anywhere but Linux, every command but help stops at once.
  public var platform: HostPlatform = .current

  /// Creates an app.
  public init(
    currentFolder: URL, environment: [String: String], outputIsTerminal: Bool,
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String? = { nil },
    terminalSize: @escaping @Sendable () -> (columns: Int, rows: Int)? = { nil }
  ) {
    self.readLine = readLine
    self.terminalSize = terminalSize
    self.currentFolder = currentFolder
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.write = write
    self.writeError = writeError
  }

  /// Runs the command in `arguments` (without the program name).
  public func run(_ arguments: [String]) -> Int32 {
    do {
      let command = try Command.parse(arguments)
      if !command.runsAnywhere, let refusal = HostPlatform.refusal(on: platform) {
        writeError(refusal)
        return Exit.error
      }
      switch command {
      case .help(let name):
        return help(name)
      case .list:
        return list(try loadWorkbook())
      case .watch(let name, let options):
        return try watch(name, options: options, workbook: try loadWorkbook())
      case .hint(let name, let task):
        return try hint(name, task: task, workbook: try loadWorkbook())
      case .grade(let names, let options):
        return try grade(names, options: options, workbook: try loadWorkbook())
      case .gradeClass(let submissions, let names, let report, let options):
        return try gradeClass(submissions, names, report: report, options: options, workbook: try loadWorkbook())
      case .merge(let destination, let sources, let options):
        return try merge(into: destination, from: sources, options: options, workbook: try loadWorkbook())
      case .release(let destination, let classroom, let pointsFile):
        return try release(to: destination, classroom: classroom, pointsFile: pointsFile, workbook: try loadWorkbook())
      case .exportGradescope(let destination, let names, let points):
        return try exportGradescope(to: destination, names, points: points, workbook: try loadWorkbook())
      case .autograde(let root, let names, let options):
        return try autograde(root: root, names, options: options, workbook: try loadWorkbook())
      case .reveal(let name, let options):
        return try reveal(name, options: options, workbook: try loadWorkbook())
      case .checkSetup:
        return checkSetup(workbook: try loadWorkbook())
      case .prepare(let names):
        return try prepare(names, workbook: try loadWorkbook())
      case .solveInto(let name, let task, let destination):
        return try solve(name, through: task, into: destination, workbook: try loadWorkbook())
      case .present(let name, let step, let plain):
        return try present(name, step: step, plain: plain, workbook: try loadWorkbook())
      case .reset(let name, let task):
        return try change(name, task: task, reset: true, workbook: try loadWorkbook())
      case .solve(let name, let task):
        return try change(name, task: task, reset: false, workbook: try loadWorkbook())
      case .mutants(let name, let task, let keep, let options):
        return try mutants(name, task: task, keep: keep, options: options, workbook: try loadWorkbook())
      case .check(let names, let options):
        return try check(names, options: options, workbook: try loadWorkbook())
      }
    } catch {
      writeError("grade: \(error.message)")
      return Exit.error
    }
  }

  /// `grade help [command]`: the usage of every command, or of one.
  private func help(_ name: String?) -> Int32 {
    guard let name else {
      write(Command.usage)
      return Exit.passed
    }
    guard let usage = Command.usage(of: name) else {
      writeError("grade: there is no command \(name). See `swift run grade --help`.")
      return Exit.error
    }
    write(usage)
    return Exit.passed
  }

  private func list(_ workbook: Workbook) -> Int32 {
    write(lessonList(workbook))
    return Exit.passed
  }

  private func grade(_ names: [String], options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let grader = grader(workbook, options)
    let hints = HintStore(url: workbook.learnerState.hints)
    let shownTask = ShownTask(url: workbook.learnerState.shownTask)
    let renderer = renderer(options, workbook: workbook)
    let starters = StarterFingerprints.recorded(in: workbook)
    let current = CurrentLesson(workbook: workbook, starters: starters)
    if options.format == .text, lessons.count == 1, !names.isEmpty { current.remember(lessons[0]) }
    // The learner waits for this grading: a preparation in the background pauses meanwhile.
    let foreground = FileLock(shared: workbook.state.foregroundLock)
    defer { foreground.unlock() }
    var results: [Int: LessonResult] = [:]
    var deferred: [Lesson] = []
    func grade(_ lesson: Lesson) -> LessonResult {
      if let known = results[lesson.number] { return known }
      if options.format == .text { writeError("Grading lesson \(lesson.number) (\(lesson.slug))...") }
      // A write-tests task the learner has not started is not built: the first grade of a
      // lesson waits only for the tasks the learner changed, and the rest is prepared after it.
      let untouched = starters.untouchedTasks(of: lesson, in: workbook.starterFolder(of: lesson))
      let result = grader.grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true, notStarted: untouched)
      results[lesson.number] = result
      if !untouched.isEmpty { deferred.append(lesson) }
      return result
    }

    // With no lesson named, the learner's feedback is the lesson they are in, shown as soon as
    // it is graded; if that one is done, the next one not done. Untouched lessons are not
    // built (their starters fail every task), so nobody waits for lessons they never opened.
    var shown: (lesson: Lesson, why: String)?
    if options.format == .text, names.isEmpty, let (lesson, why) = current.find() {
      let focus = CurrentLesson.movingOn(from: (lesson, why), in: workbook) { other in
        other.number == lesson.number ? grade(other).passed : ResultCache.latest(in: workbook.state.result("learner", of: other))?.passed == true
      }
      if !grade(focus.0).passed {
        shown = focus
        write(feedback(focus.0, grade(focus.0), renderer: renderer, hints: hints, shown: shownTask))
        write("")
      }
      prepareAhead(of: focus.0, workbook: workbook, grader: grader, first: deferred)
    }
    for lesson in lessons where results[lesson.number] == nil {
      if options.format == .text, names.isEmpty, starters.isUntouched(lesson, in: workbook) {
        results[lesson.number] = .notStarted(lesson)
      } else {
        _ = grade(lesson)
      }
    }
    let graded = lessons.compactMap { lesson in results[lesson.number].map { (lesson, $0) } }

    switch options.format {
    case .json:
      write(ResultsJSON.encode(graded, namesCaughtBugs: renderer.solutionsShipped))
    case .text:
      if names.isEmpty {
        write(renderer.overview(graded))
        if let shown {
          write("Shown above: lesson \(shown.lesson.number), \(shown.why). Another lesson: swift run grade N")
        } else if graded.allSatisfy({ $0.1.passed }) {
          write("Every lesson is done. Well tested!")
        } else if let (lesson, _) = current.find() {
          write("Lesson \(lesson.number), the one you were in, is done. Another lesson: swift run grade N")
        }
      } else {
        // The first failing lesson is the one whose task the screen points at.
        let pointed = graded.first { ShownTask.firstUnfinished(of: $0.0, in: $0.1) != nil }?.0
        for (lesson, result) in graded {
          write(feedback(lesson, result, renderer: renderer, hints: hints, shown: lesson.number == pointed?.number ? shownTask : nil))
        }
        if let last = graded.last?.0 { prepareAhead(of: last, workbook: workbook, grader: grader, first: deferred) }
      }
    }
    if let notice = grader.isolation.notice, options.format == .text {
      writeError(style(options).yellow("! ") + notice)
    }
    // The exit status follows the status every report gives (`LessonResult.status`): 2 for a
    // lesson, or with --task a task, that could not be graded, so a script and the JSON agree.
    if let number = options.task, let (lesson, result) = graded.first {
      guard let task = result.tasks.first(where: { $0.taskNumber == number }) else {
        throw .usage("lesson \(lesson.number) has tasks 1 to \(lesson.tasks.count), not \(number)")
      }
      if options.format == .text { write(task.status == .pass ? "Task \(number) passes." : "Task \(number) does not pass yet.") }
      return Exit.of(task.status)
    }
    return Exit.of(graded.map(\.1.status))
  }

}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
  let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
  return String(decoding: data, as: UTF8.self)
}
