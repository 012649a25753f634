import GradeCatalog
import GradeResults

/// Puts results into words a learner can act on: which task, what was expected, what came, the next hint.
public struct FeedbackRenderer: Sendable {
  /// Colour or plain.
  public var style: Style
  /// How many failing tests to show per task before summarizing the rest.
  public var failuresShown = FeedbackRenderer.failuresShownByDefault
  /// How many failing tests of a task feedback shows unless told otherwise: as many as a result names.
  public static let failuresShownByDefault = TaskResult.failuresNamed
  /// How many compiler errors to show.
  public var errorsShown = 5
  /// How many missed bugs to name at once.
  public var chaffsShown = 2
  /// Whether this copy of the workbook has `Solutions/` to compare with (a released copy has not).
  public var solutionsShipped = true

  /// Creates a renderer.
  public init(style: Style) {
    self.style = style
  }

  /// The full feedback for one lesson.
  ///
  /// - Parameters:
  ///   - hintLevels: How many hints the learner has asked for, by task number.
  ///   - exactMutants: The kept mutants to name exactly (`Wording.exactMutants`); `nil` with no learner's history.
  public func lesson(_ lesson: Lesson, _ result: LessonResult, hintLevels: [Int: Int] = [:], exactMutants: Set<String>? = nil) -> String {
    var lines = [style.bold("Lesson \(lesson.number): \(lesson.title)") + style.dim("  (\(lesson.slug))")]
    if !result.ignoredEdits.isEmpty {
      lines.append("  " + style.yellow("!") + " You edited files the workbook owns; they were graded as handed out: " + result.ignoredEdits.joined(separator: ", "))
    }
    if let error = result.lessonError {
      // Nothing in the lesson was graded, so one message says why, once.
      return (lines + ["  " + style.yellow("!") + " Could not grade this lesson: " + error]).joined(separator: "\n")
    }
    for task in lesson.tasks {
      guard let taskResult = result.tasks.first(where: { $0.taskNumber == task.number }) else { continue }
      lines += self.task(task, taskResult, in: lesson, hintLevel: hintLevels[task.number] ?? 1, exactMutants: exactMutants).map { "  " + $0 }
    }
    lines.append("")
    let done = result.passedCount
    if done == lesson.tasks.count {
      lines.append(
        style.green("Lesson \(lesson.number) is done: " + (done == 1 ? "its one task passes." : "all \(Count.words(done, "task")) pass."))
          + (solutionsShipped ? " Compare with \(WorkbookPath.solution(lesson))/ when you like." : ""))
    } else {
      // Advertise a next hint only while the first unfinished task has one left.
      let next = lesson.tasks.first { task in result.tasks.first { $0.taskNumber == task.number }?.status != .pass }
      // It names the task: the screen above ends under the last task, not this one.
      let more = next.flatMap { task in
        let start = result.tasks.first { $0.taskNumber == task.number }?.firstHintNeeded(of: task) ?? 1
        return max(hintLevels[task.number] ?? 1, start) < task.hints.count ? task : nil
      }
      lines.append(Count.part(done, of: lesson.tasks.count, "task") + " done." + (more.map { " Next hint, for task \($0.number): swift run grade hint \(lesson.number)" } ?? ""))
    }
    return lines.joined(separator: "\n")
  }

  /// One task's feedback: its mark and title, then, unless it passes, what was found and the hint at `hintLevel`.
  public func task(_ task: LessonTask, _ result: TaskResult, in lesson: Lesson, hintLevel: Int = 1, exactMutants: Set<String>? = nil) -> [String] {
    let mark = result.status == .pass ? style.green("✔") : style.red("✘")
    var lines = ["\(mark) Task \(task.number)  \(task.title)"]
    lines += (result.notCheckedHere ?? []).map { "    " + Self.notCheckedHere($0) }
    guard result.status != .pass else { return lines }
    lines += taskLines(result, of: task, in: lesson, exactMutants: exactMutants).map { "    " + $0 }
    // A task that only waits for another's file would show a hint about nothing the learner can do yet.
    let waits = result.findings.contains { if case .waitsFor = $0 { true } else { false } }
    // A hint whose premise the tests already meet (they wait for the event) is passed over.
    if !waits, let hint = hint(for: task, level: max(hintLevel, result.firstHintNeeded(of: task))) {
      lines.append("    " + style.yellow(hint))
    }
    return lines
  }

  /// The line that says a check was not made on this machine, and where it is.
  static func notCheckedHere(_ kind: Check.Kind) -> String {
    "! Not checked on this machine: \(kind.name). The grader checks it on Linux (the dev container, or CI)."
  }

  /// One line per lesson, and a bar for the whole workbook.
  public func overview(_ results: [(Lesson, LessonResult)]) -> String {
    var lines = [style.bold("Progress")]
    let width = results.map(\.0.slug.count).max() ?? 0
    for (lesson, result) in results {
      let mark = result.passed ? style.green("✔") : result.status == .error ? style.yellow("!") : style.red("✘")
      let number = lesson.number < 10 ? " \(lesson.number)" : "\(lesson.number)"
      let padded = lesson.slug.padding(toLength: width, withPad: " ", startingAt: 0)
      var line = "  \(mark) \(number)  \(padded)  \(result.passedCount)/\(lesson.tasks.count) " + Count.noun("task", for: lesson.tasks.count)
      if let error = result.lessonError { line += style.dim("  (\(error.split(separator: "\n").first ?? ""))") }
      if result.notStarted { line += style.dim("  (not started)") }
      lines.append(line)
    }
    let total = results.reduce(0) { $0 + $1.0.tasks.count }
    let done = results.reduce(0) { $0 + $1.1.passedCount }
    let filled = total == 0 ? 0 : done * 30 / total
    lines.append("  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] " + Count.part(done, of: total, "task"))
    return lines.joined(separator: "\n")
  }

  /// The hint at `level` (from 1) with its place on the ladder, or `nil` when the task has none.
  public func hint(for task: LessonTask, level: Int) -> String? {
    guard !task.hints.isEmpty else { return nil }
    let index = min(max(level, 1), task.hints.count) - 1
    return "Hint \(index + 1) of \(task.hints.count): \(task.hints[index])"
  }

  /// The kept mutants a lesson's feedback names, task by task: those of each unfinished task
  /// among the missed bugs it shows (a few at a time), so that a learner's history records
  /// only what they read.
  public func mutantsShown(_ lesson: Lesson, _ result: LessonResult) -> [MutantChange] {
    guard result.lessonError == nil else { return [] }
    return lesson.tasks.flatMap { task -> [MutantChange] in
      guard let taskResult = result.tasks.first(where: { $0.taskNumber == task.number }), taskResult.status != .pass else { return [] }
      return Self.hangsFirst(taskResult.findings).filter(\.isAboutOneBug).prefix(chaffsShown).compactMap { finding in
        switch finding {
        case .mutantSurvived(let change), .mutantUndecided(let change, _): change
        default: nil
        }
      }
    }
  }

  /// `findings` with the bugs the tests hang on first among the missed bugs, everything else
  /// in place: until such a wait is bounded, every grading waits it out.
  static func hangsFirst(_ findings: [Finding]) -> [Finding] {
    let chaffs = findings.filter(\.isAboutOneBug)
    func hangs(_ finding: Finding) -> Bool {
      switch finding {
      case .chaffUndecided, .mutantUndecided: true
      default: false
      }
    }
    // Hung runs first, then the chaffs, then the mutants: the bugs the lesson names come before
    // the machine's small changes.
    let ordered = chaffs.filter(hangs) + chaffs.filter { !hangs($0) && !$0.isAboutOneMutant } + chaffs.filter { !hangs($0) && $0.isAboutOneMutant }
    var next = ordered.makeIterator()
    return findings.map { $0.isAboutOneBug ? next.next()! : $0 }
  }

  /// A failing task's findings, without indentation: a few failing tests and missed bugs at a
  /// time, the tests a crash stopped summed up after them.
  func taskLines(_ result: TaskResult, of task: LessonTask, in lesson: Lesson, exactMutants: Set<String>? = nil) -> [String] {
    var wording = Wording(lesson: lesson, task: task, style: style, issuesShown: failuresShown, errorsShown: errorsShown)
    wording.exactMutants = exactMutants
    var lines: [String] = []
    if let count = result.bugsCaught {
      var line = "Your tests pass against a correct implementation and catch " + Count.part(count.caught, of: count.total, "bug")
      var all = count.caught == count.total
      if let mutants = result.mutantsKilled {
        line += " and " + Count.part(mutants.caught, of: mutants.total, "small change") + " the grader made to the code (mutants)"
        all = all && mutants.caught == mutants.total
      }
      lines.append((all ? style.green("✔ ") : "") + line + ".")
    }
    // Five tests crashing on one stub say no more than three do; a list of every bug
    // still missed reads as a checklist, so a few at a time.
    let findings = Self.hangsFirst(result.findings)
    let hidden = max(0, findings.filter(\.isAboutOneTest).count - failuresShown)
    let hiddenChaffs = max(0, findings.filter(\.isAboutOneBug).count - chaffsShown)
    var shown = 0
    var shownChaffs = 0
    var notRun = 0
    for finding in findings {
      if case .notRunAfterCrash = finding {
        notRun += 1
        continue
      }
      if finding.isAboutOneTest {
        shown += 1
        if shown > failuresShown { continue }
      }
      if finding.isAboutOneBug {
        shownChaffs += 1
        if shownChaffs > chaffsShown { continue }
      }
      lines += marked(finding.words(in: wording))
    }
    if hidden > 0 {
      lines.append("...and \(Count.words(hidden, "more failing test")) (swift run grade \(lesson.number) --format json lists them all)")
    }
    if notRun > 0 {
      lines.append("...and \(Count.words(notRun, "more test")) not run: " + Wording.crashStops)
    }
    if hiddenChaffs > 0 {
      lines.append("...and \(Count.words(hiddenChaffs, "more bug")) to catch once these are caught")
    }
    return lines
  }

  /// A finding's words as feedback lines: the mark and headline, then the details indented under it.
  func marked(_ words: Words) -> [String] {
    let mark = switch words.mark {
    case .failed: style.red(words.mark.rawValue)
    case .notice, .waiting: words.mark.rawValue
    }
    return [mark + " " + words.headline] + words.details.map { "    " + $0 }
  }
}

extension Finding {
  /// Whether the finding is about one buggy version (a chaff or a kept mutant) the learner's tests did not catch.
  var isAboutOneBug: Bool {
    switch self {
    case .chaffMissed, .chaffUndecided, .chaffCaughtOnlyByCrash, .chaffNeedsMoreIssues, .mutantSurvived, .mutantUndecided: true
    default: false
    }
  }

  /// Whether the finding is about one kept mutant the learner's tests did not kill.
  var isAboutOneMutant: Bool {
    switch self {
    case .mutantSurvived, .mutantUndecided: true
    default: false
    }
  }

  /// Whether the finding reports one test, so that long lists of them can be cut short.
  var isAboutOneTest: Bool {
    switch self {
    case .testFailed, .testCrashed, .testSkipped, .failsOnWheat, .crashesOnWheat, .flaky, .failsOnTimingWheat, .waitsForTime, .overSpecified: true
    default: false
    }
  }
}
