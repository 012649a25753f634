import Foundation
import GradeCatalog
import GradeResults

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `grade watch`: grade a lesson again every time you save, like rustlings' watch mode.
extension App {
  /// What you can type while watching.
  static let watchKeys = "Watching for saves. Type h + Enter for a hint, n next lesson, l list, q quit (or Ctrl-C)."

  /// Grades `name` (or the lesson the learner is in) now and after every save, until you quit.
  func watch(_ name: String?, options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    let grader = grader(workbook, options)
    let renderer = renderer(options, workbook: workbook)
    let hints = HintStore(url: workbook.learnerState.hints)
    let current = CurrentLesson(workbook: workbook, starters: StarterFingerprints.recorded(in: workbook))
    guard var lesson = current.find()?.lesson else { throw .infrastructure("the catalog lists no lessons") }
    if let name {
      lesson = try resolve([name], in: workbook)[0]
      current.remember(lesson)
    }

    var previous: LessonResult?
    func gradeAndShow() -> Bool {
      // The learner waits for this grading: a preparation in the background pauses meanwhile.
      let foreground = FileLock(shared: workbook.state.foregroundLock)
      defer { foreground.unlock() }
      if outputIsTerminal { write("\u{1B}[2J\u{1B}[H") }  // Clear the screen, as rustlings does.
      writeError("Grading lesson \(lesson.number) (\(lesson.slug))...")
      let result = grader.grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true)
      write(feedback(lesson, result, renderer: renderer, hints: hints, shown: ShownTask(url: workbook.learnerState.shownTask)))
      write("")
      if let previous, previous.lessonNumber == result.lessonNumber {
        write(Self.changes(from: previous, to: result, in: lesson))
      }
      previous = result
      write(Self.watchKeys)
      return result.passed
    }

    var passed = gradeAndShow()
    prepareAhead(of: lesson, workbook: workbook, grader: grader)
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
        case "q": return passed ? Exit.passed : Exit.failed
        case "h": _ = try hint(String(lesson.number), task: nil, workbook: workbook)
        case "l": write(lessonList(workbook, progress: true, current: lesson))
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
        write("Lesson \(lesson.number) is done. Type n + Enter to go on to lesson \(next.number), \(next.title).")
      }
    }
  }

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

  /// The first lesson after `lesson` whose last grading did not pass, going by stored results,
  /// coming round to the first lessons last.
  func nextUnfinished(after lesson: Lesson, in workbook: Workbook) -> Lesson? {
    let lessons = workbook.catalog.lessons
    let later = lessons.filter { $0.number > lesson.number } + lessons.filter { $0.number < lesson.number }
    return later.first { ResultCache.latest(in: workbook.state.result("learner", of: $0))?.passed != true }
  }
}
